public class Payment
{
    void Build(IStateBuilder s) => s
        // seams-timers:ignore delay-added-twice two hours is what the contract says
        .AddTransition<AfterOneHour>("Expired");
}
