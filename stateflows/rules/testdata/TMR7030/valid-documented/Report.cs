public class Report
{
    void Build(IStateBuilder s) => s
        .AddInternalTransition<EverySaturday>(t => t.AddEffect(c => Weekly(c)));
}
