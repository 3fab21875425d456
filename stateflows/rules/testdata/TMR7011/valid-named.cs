public class Day
{
    void Build(IStateBuilder s) => s
        .AddInternalTransition<AtEveryMidnight>(t => t.AddEffect(c => RollOver(c))) // want "TMR7040"
        .AddInternalTransition<AtEveryNoon>(t => t.AddEffect(c => Lunch(c))); // want "TMR7031"
}
