using System;
using Stateflows.Common;
using Stateflows.StateMachines;

namespace Shop.Orders;

// A custom time event: its trigger is its own code, so seams-timers does
// not compute it (TMR7050, info).
public sealed class PaymentTimeout : TimeEvent
{
    protected override DateTime GetTriggerTime(DateTime startedAt)
        => startedAt.AddMinutes(15);
}

// A weekly report on Saturdays, derived with a constant Day.
public class Saturdays : EveryOneWeek
{
    protected override DayOfWeek Day => DayOfWeek.Saturday;
}

public class OrderMachine : IStateMachine
{
    public void Build(IStateMachineBuilder builder) => builder
        .AddInitialState("AwaitingPayment", b => b
            .AddTransition<PaymentTimeout>("Cancelled")
            // Clean: every fifteen minutes while the state is active.
            .AddInternalTransition<EveryFifteenMinutes>(t => t.AddEffect(c => RemindCustomer(c)))
        )
        .AddState("Paid", b => b
            // Fires at the second midnight on main (TMR7020), on the host's
            // local clock (TMR7040).
            .AddTransition<AfterOneDay>("Shipped")
        )
        .AddState("Shipped", b => b
            // Resolves to the first of the current month: due at once (TMR7010).
            .AddTransition<AfterOneMonth>("Archived")
            // Fires at noon, not midnight (TMR7011), and first tomorrow (TMR7031).
            .AddInternalTransition<AtEvery12AM>(t => t.AddEffect(c => CloseDay(c)))
            // Skips the coming Saturday from Sunday to Friday (TMR7030).
            .AddInternalTransition<Saturdays>(t => t.AddEffect(c => WeeklyReport(c)))
        )
        .AddState("Cancelled")
        .AddState("Archived");
}
