public sealed class ThreeHours : AfterOneHour
{
    protected override int Hours => 3;
}

// Not a time event: its GetTriggerTime is nobody's business here.
public class Unrelated : Something
{
    protected override DateTime GetTriggerTime(DateTime startedAt) => startedAt;
}

public class Payment
{
    void Build(IStateBuilder s) => s
        .AddTransition<ThreeHours>("Reminded"); // want "TMR7020"
}
