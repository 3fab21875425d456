-- The first scheme's suppression covers its misread Interval; the second's
-- covers nothing, its Interval having been fixed.
INSERT INTO public."WorkflowScheme" ("Code", "Scheme")
VALUES ('Intake', '<Process Name="Intake">
  <Timers>
    <!-- seams-timers:ignore TMR6202 the contract says five hours -->
    <Timer Name="SLA" Type="Interval" Value="1.5h"/>
  </Timers>
  <Activities>
    <Activity Name="Open" IsInitial="True"/>
    <Activity Name="Done" IsFinal="True"/>
  </Activities>
  <Transitions>
    <Transition Name="Expire" From="Open" To="Done" Classifier="Direct">
      <Triggers><Trigger Type="Timer" NameRef="SLA"/></Triggers>
      <Conditions><Condition Type="Always"/></Conditions>
    </Transition>
  </Transitions>
</Process>'),
('Ticket', '<Process Name="Ticket">
  <Timers>
    <!-- seams-timers:ignore TMR6202 the contract says five hours --><!-- want "TMR0012" -->
    <Timer Name="SLA" Type="Interval" Value="5h"/>
  </Timers>
  <Activities>
    <Activity Name="Open" IsInitial="True"/>
    <Activity Name="Done" IsFinal="True"/>
  </Activities>
  <Transitions>
    <Transition Name="Expire" From="Open" To="Done" Classifier="Direct">
      <Triggers><Trigger Type="Timer" NameRef="SLA"/></Triggers>
      <Conditions><Condition Type="Always"/></Conditions>
    </Transition>
  </Transitions>
</Process>');
