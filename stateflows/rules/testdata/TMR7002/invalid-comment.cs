public class Machine
{
    void Build(IStateBuilder b) => b
        .AddInternalTransition<EveryOneMinute>(t => t.AddEffect(c => Tick(c))); /* AfterOneDay // want "TMR7002" `comment /\* does not end`
        .AddTransition<AfterOneDay>("Never read");
}
