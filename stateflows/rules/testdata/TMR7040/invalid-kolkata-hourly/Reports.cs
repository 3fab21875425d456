public class Reports
{
    void Build(IStateBuilder s) => s
        .AddInternalTransition<EveryFifteenMinutes>(t => t.AddEffect(c => Poll(c)))
        .AddInternalTransition<EveryOneHour>(t => t.AddEffect(c => Hourly(c))); // want "TMR7040" `EveryOneHour is computed on the host's local clock \(DateTime\.Now\): in Asia/Kolkata \(UTC\+05:30\) its hour boundaries fall between the UTC ones`
}
