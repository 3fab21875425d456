using Stateflows.Common;

public sealed class FirstOfNextMonth : TimeEvent
{
    protected override DateTime GetTriggerTime(DateTime startedAt) // want "TMR7050"
        => new DateTime(startedAt.Year, startedAt.Month, 1).AddMonths(1);
}

public class Invoicing
{
    public void Build(IStateMachineBuilder builder) => builder
        .AddInitialState("Open", b => b
            .AddInternalTransition<FirstOfNextMonth>(t => t.AddEffect(c => Send(c))));
    // Not builder calls: a type argument elsewhere, typeof, a declaration.
    Type t = typeof(AfterOneMonth);
    List<AfterOneMonth> pending = new List<AfterOneMonth>();
}
