public class Payment
{
    void Build(IStateBuilder s) => s
        // seams-timers:ignore TMR7020 the second minute is what we mean
        .AddTransition<AfterOneMinute, Remind, Reminded>()
        .AddTransition<AfterFiveMinutes>("Expired"); /* seams-timers:ignore delay-added-twice ten minutes it is */
}
