-- Two schemes in one seed file; the second one's SLA is misread, and its
-- positions are those of this file.
INSERT INTO public."WorkflowScheme" ("Code", "Scheme")
VALUES ('Intake', '<Process Name="Intake">
  <Timers><Timer Name="SLA" Type="Interval" Value="2h"/></Timers>
  <Activities><Activity Name="Open" IsInitial="True"/><Activity Name="Done" IsFinal="True"/></Activities>
  <Transitions>
    <Transition Name="Expire" From="Open" To="Done" Classifier="Direct">
      <Triggers><Trigger Type="Timer" NameRef="SLA"/></Triggers>
      <Conditions><Condition Type="Always"/></Conditions>
    </Transition>
  </Transitions>
</Process>'),
('Ticket', '<Process Name="Ticket">
  <!-- The customer''s SLA: ''one and a half hours'' -->
  <Timers><Timer Name="SLA" Type="Interval" Value="1.5h"/></Timers> -- want "TMR6202"
  <Activities><Activity Name="Open" IsInitial="True"/><Activity Name="Done" IsFinal="True"/></Activities>
  <Transitions>
    <Transition Name="Expire" From="Open" To="Done" Classifier="Direct">
      <Triggers><Trigger Type="Timer" NameRef="SLA"/></Triggers>
      <Conditions><Condition Type="Always"/></Conditions>
    </Transition>
  </Transitions>
</Process>');
