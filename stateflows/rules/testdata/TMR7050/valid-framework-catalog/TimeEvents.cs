using System;

// The framework's own definitions of catalog types and of its abstract
// time events (as in Core/Stateflows.Common/Events/TimeEvents): their
// triggers are what seams-timers' catalog computes, not custom code.
namespace Stateflows.Common
{
    public abstract class DelayEvent : TimeEvent
    {
        protected abstract TimeSpan Delay { get; }

        protected virtual DateTime GetDelayStart(DateTime startedAt) => startedAt;

        protected override DateTime GetTriggerTime(DateTime startedAt)
            => GetDelayStart(startedAt).Add(Delay).Add(Delay);
    }

    public class AfterOneHour : DelayEvent
    {
        protected sealed override DateTime GetDelayStart(DateTime startedAt)
            => new DateTime(startedAt.Year, startedAt.Month, startedAt.Day, startedAt.Hour, 0, 0);

        protected virtual int Hours => 1;

        protected sealed override TimeSpan Delay => new TimeSpan(Hours, 0, 0);
    }

    public class EveryOneHour : IntervalEvent
    {
        protected override DateTime GetIntervalStart(DateTime startedAt)
            => new DateTime(startedAt.Year, startedAt.Month, startedAt.Day, startedAt.Hour, 0, 0);

        protected sealed override TimeSpan Interval => new TimeSpan(1, 0, 0);
    }
}
