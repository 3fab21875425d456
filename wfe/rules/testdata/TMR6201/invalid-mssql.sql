-- MSSQL: the INSERT runs inside EXEC, a literal inside a literal.
IF NOT EXISTS(SELECT * FROM dbo.WorkflowScheme WHERE Code = N'Ticket')
BEGIN
EXEC(N'INSERT dbo.WorkflowScheme(Code, Scheme) VALUES (N''Ticket'', N''<Process Name="Ticket">
  <Timers><Timer Name="SLA" Type="Interval" Value="10 min"/></Timers> <!-- want "TMR6201" -->
  <Activities><Activity Name="Open" IsInitial="True"/><Activity Name="Done" IsFinal="True"/></Activities>
  <Transitions>
    <Transition Name="Expire" From="Open" To="Done" Classifier="Direct">
      <Triggers><Trigger Type="Timer" NameRef="SLA"/></Triggers>
      <Conditions><Condition Type="Always"/></Conditions>
    </Transition>
  </Transitions>
</Process>'')')
END
GO
