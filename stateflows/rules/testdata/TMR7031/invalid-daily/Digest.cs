public class HalfPastEight : EveryOneDay
{
    protected override DateTime TimeOfDay => new DateTime(DateTime.Now.Year, DateTime.Now.Month, DateTime.Now.Day, 8, 30, 0);
}

public class Digest
{
    void Build(IStateBuilder s) => s
        .AddInternalTransition<AtEvery9AM>(t => t.AddEffect(c => Morning(c))) // want "TMR7031" `AtEvery9AM first fires tomorrow at 09:00, even when today's 09:00 is still ahead`
        .AddInternalTransition<HalfPastEight>(t => t.AddEffect(c => Morning(c))); // want "TMR7031"
}
