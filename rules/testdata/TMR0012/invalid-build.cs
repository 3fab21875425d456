public class Payment
{
    void Build(IStateBuilder s) => s
        // seams-timers:ignore TMR7020 two hours is what the contract says; want "TMR0012" "suppression of TMR7020 covers no finding"
        .AddTransition<AfterTwoHours>("Expired");
}

public sealed class AfterTwoHours : TimeEvent
{
    protected override DateTime GetTriggerTime(IStateMachineActionContext context) => DateTime.UtcNow.AddHours(2); // want "TMR7050"
}
