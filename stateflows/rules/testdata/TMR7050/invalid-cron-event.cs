using System;

namespace Stateflows.Events
{
    // An abstract event of an extension: its trigger is its own code.
    public abstract class CronEvent : RecurringEvent
    {
        internal abstract string CronExpression { get; }

        protected override DateTime GetTriggerTime(DateTime startedAt) // want "TMR7050" `CronEvent\.GetTriggerTime is the class's own code`
            => Schedule.Parse(CronExpression).Next(startedAt);
    }
}
