using Stateflows.Common;
using Stateflows.StateMachines;

public class Invoicing : IStateMachine
{
    public void Build(IStateMachineBuilder builder) => builder
        .AddInitialState("Open", b => b
            .AddInternalTransition<EveryOneMonth>(t => t.AddEffect(c => Send(c))) // want "TMR7010" `EveryOneMonth resolves to the first day of the current month, 00:00, already` "TMR7040"
            .AddTransition<Stateflows.Common.AfterOneMonth>("Closed")); // want "TMR7010"
}
