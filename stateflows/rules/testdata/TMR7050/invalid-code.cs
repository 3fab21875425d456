public sealed class PaymentTimeout : TimeEvent
{
    protected override DateTime GetTriggerTime(DateTime startedAt) => startedAt.AddMinutes(15); // want "TMR7050" `PaymentTimeout\.GetTriggerTime is the class's own code: its trigger is not`
}

public class ConfiguredHours : AfterOneHour
{
    protected override int Hours => Settings.ReminderHours; // want "TMR7050"
}

public class Payment
{
    void Build(IStateBuilder s) => s
        .AddTransition<PaymentTimeout>("Expired")
        .AddTransition<ConfiguredHours>("Reminded");
}
