public class Nightly
{
    void Build(IStateBuilder s) => s
        .AddInternalTransition<EveryOneMinute>(t => t.AddEffect(c => Poll(c)))
        .AddInternalTransition<AtEveryMidnight>(t => t.AddEffect(c => Nightly(c))) // want "TMR7040"
        .AddInternalTransition<EverySunday>(t => t.AddEffect(c => Weekly(c)));
}
