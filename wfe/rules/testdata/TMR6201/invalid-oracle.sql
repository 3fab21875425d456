-- Oracle PL/SQL: the scheme goes through a variable.
DECLARE
    schemeValue varchar2(32767);
BEGIN
schemeValue := '<Process Name="Ticket">
  <Timers><Timer Name="SLA" Type="Interval" Value="10 min"/></Timers> <!-- want "TMR6201" -->
  <Activities><Activity Name="Open" IsInitial="True"/><Activity Name="Done" IsFinal="True"/></Activities>
  <Transitions>
    <Transition Name="Expire" From="Open" To="Done" Classifier="Direct">
      <Triggers><Trigger Type="Timer" NameRef="SLA"/></Triggers>
      <Conditions><Condition Type="Always"/></Conditions>
    </Transition>
  </Transitions>
</Process>';
INSERT INTO WorkflowScheme(Code, Scheme)
SELECT 'Ticket', schemeValue
FROM DUAL
WHERE NOT EXISTS (SELECT 1 FROM WorkflowScheme WHERE Code = 'Ticket');
END;
