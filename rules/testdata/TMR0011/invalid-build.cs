public class Payment
{
    void Build(IStateBuilder s) => s
        // seams-timers:ignore CS0618 the obsolete overload still works; want "TMR0011" `unknown rule "CS0618"`
        .AddTransition<AfterOneHour>("Expired"); // want "TMR7020"
}
