public sealed class ThreeHours : AfterOneHour
{
    protected override int Hours => 3;
}

public class Payment
{
    void Build(IStateBuilder s) => s
        .AddTransition<AfterOneMinute, Remind, Reminded>() // want "TMR7020"
        .AddTransition<ThreeHours>("Expired"); // want "TMR7020"
}
