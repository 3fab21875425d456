public class Digest
{
    void Build(IStateBuilder s) => s
        .AddInternalTransition<AtEvery9AM>(t => t.AddEffect(c => Morning(c)));
}
