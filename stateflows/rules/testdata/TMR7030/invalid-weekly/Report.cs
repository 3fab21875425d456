public class Fridays : EveryOneWeek
{
    protected override DayOfWeek Day => DayOfWeek.Friday;
}

public class Report
{
    void Build(IStateBuilder s) => s
        .AddInternalTransition<EverySaturday>(t => t.AddEffect(c => Weekly(c))) // want "TMR7030" `EverySaturday skips the coming Saturday when activated earlier in the week`
        .AddInternalTransition<EveryMonday>(t => t.AddEffect(c => Weekly(c))) // want "TMR7030"
        .AddInternalTransition<Fridays>(t => t.AddEffect(c => Weekly(c))); // want "TMR7030"
}
