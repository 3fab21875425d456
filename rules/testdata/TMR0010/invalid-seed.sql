-- The suppression sits inside the Scheme literal, in the scheme's own XML.
INSERT INTO public."WorkflowScheme" ("Code", "Scheme")
VALUES ('Ticket', '<Process Name="Ticket">
  <Timers>
    <!-- seams-timers:ignore interval-misread --><!-- want "TMR0010" "suppression of TMR6202 gives no reason" -->
    <Timer Name="SLA" Type="Interval" Value="2h"/>
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
