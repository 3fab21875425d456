-- Seed data of a deployment: the schemes are string literals, so a timer
-- value here is checked like one in a .xml file, at its line in this file.
INSERT INTO "WorkflowScheme" ("Code", "Scheme") VALUES
('Onboarding', '<Process Name="Onboarding">
  <!-- The welcome call: ''within an hour and a half'' -->
  <Timers>
    <Timer Name="WelcomeCall" Type="Interval" Value="1h30"/>
    <Timer Name="Reminder" Type="Interval" Value="2hrs"/>
  </Timers>
  <Activities>
    <Activity Name="New" IsInitial="True"/>
    <Activity Name="Done" IsFinal="True"/>
  </Activities>
  <Transitions>
    <Transition Name="Call" From="New" To="Done"><Triggers><Trigger Type="Timer" NameRef="WelcomeCall"/></Triggers></Transition>
    <Transition Name="Remind" From="New" To="Done"><Triggers><Trigger Type="Timer" NameRef="Reminder"/></Triggers></Transition>
  </Transitions>
</Process>');
