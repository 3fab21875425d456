-- The literal's closing quote is missing.
INSERT INTO "WorkflowScheme" ("Code", "Scheme") VALUES ('Ticket', /* want "TMR6001" `unterminated string literal` */ '<Process Name="Ticket">
  <Timers><Timer Name="SLA" Type="Interval" Value="4h"/></Timers>
</Process>);
