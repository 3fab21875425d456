public class Payment
{
    void Build(IStateBuilder s) => s.AddState("Open");
}
