public class Sundays : EveryOneWeek
{
    protected override DayOfWeek Day { get { return System.DayOfWeek.Sunday; } }
}

public class Report
{
    void Build(IStateBuilder s) => s
        .AddInternalTransition<EverySunday>(t => t.AddEffect(c => Weekly(c)))
        .AddInternalTransition<Sundays>(t => t.AddEffect(c => Weekly(c)));
}
