public class Payment
{
    void Build(IStateBuilder s) => s
        // seams-timers:ignore TMR7020 two hours is what the contract says
        .AddTransition<AfterOneHour>("Expired");
}
