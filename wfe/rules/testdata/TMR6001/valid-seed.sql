-- A seed file with one scheme.
INSERT INTO "WorkflowScheme" ("Code", "Scheme") VALUES ('Ticket', '<Process Name="Ticket">
  <Timers><Timer Name="SLA" Type="Interval" Value="4h"/></Timers>
  <Activities><Activity Name="Open" IsInitial="True"/><Activity Name="Done" IsFinal="True"/></Activities>
  <Transitions>
    <Transition Name="Expire" From="Open" To="Done" Classifier="Direct">
      <Triggers><Trigger Type="Timer" NameRef="SLA"/></Triggers>
      <Conditions><Condition Type="Always"/></Conditions>
    </Transition>
  </Transitions>
</Process>');
