public class Payment
{
    /* seams-timers:ignore TMR7020 */ // want "TMR0010" "suppression of TMR7020 gives no reason"
    void Build(IStateBuilder s) => s.AddState("Open");
}
