public class Payment
{
    void Build(IStateBuilder s) => s
        .AddTransition<AfterOneWeek>("Expired") // want "TMR7020" `AfterOneWeek adds its delay twice \(revision main\): it fires at its rounded start`
        .AddInternalTransition<EveryOneMinute>(t => t.AddEffect(c => Tick(c)));
}
