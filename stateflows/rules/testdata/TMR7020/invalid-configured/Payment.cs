public class Payment
{
    void Build(IStateBuilder s) => s
        .AddTransition<AfterOneWeek>("Expired") // want "TMR7020"
        .AddInternalTransition<EveryOneMinute>(t => t.AddEffect(c => Tick(c)));
}
