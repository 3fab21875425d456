-- A seed file cut off in the middle of its scheme literal.
INSERT INTO "WorkflowScheme" ("Code", "Scheme") VALUES ('Truncated', '<Process Name="Truncated">
  <Timers><Timer Name="SLA" Type="Interval" Value="4h"/></Timers>
