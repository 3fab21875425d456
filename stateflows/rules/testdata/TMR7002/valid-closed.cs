public class Machine
{
    void Build(IStateBuilder b) => b
        .AddInternalTransition<EveryOneMinute>(t => t.AddEffect(c => Tick(c))); /* AfterOneDay */
    string s = $"""
        raw "AfterOneDay" {b}
        """;
}
