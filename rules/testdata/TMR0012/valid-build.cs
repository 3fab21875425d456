public class Payment
{
    void Build(IStateBuilder s) => s
        .AddTransition<AfterOneHour>("Expired") // seams-timers:ignore TMR7020 two hours is what the contract says
        .AddTransition<AfterOneHour>("Reminded"); /* seams-timers:ignore delay-added-twice two hours here too */
}
