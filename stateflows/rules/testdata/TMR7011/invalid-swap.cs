public class Day
{
    void Build(IStateBuilder s) => s
        .AddInternalTransition<AtEvery12AM>(t => t.AddEffect(c => RollOver(c))) // want "TMR7011" `AtEvery12AM fires at 12:00 \(noon\), not at midnight` "TMR7031" "TMR7040"
        .AddInternalTransition<AtEvery12PM>(t => t.AddEffect(c => Lunch(c))); // want "TMR7011"
}
