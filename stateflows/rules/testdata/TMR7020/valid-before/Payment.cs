public class Payment
{
    void Build(IStateBuilder s) => s
        .AddTransition<AfterOneMinute, Remind, Reminded>()
        .AddTransition<AfterOneHour>("Expired");
}
