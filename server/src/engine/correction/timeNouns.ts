/**
 * Nouns of time that head adverbials ("This morning", "Last week", "Every day"): a noun phrase headed by one before a
 * comma is most often a fronted adverbial, not a subject or an apposition's anchor ("The next morning, the family
 * went …").
 */
export const TIME_NOUNS: ReadonlySet<string> = new Set([
  'morning', 'afternoon', 'evening', 'night', 'day', 'days', 'week', 'weeks', 'weekend', 'month', 'months', 'year',
  'years', 'time', 'times', 'today', 'tonight', 'yesterday', 'tomorrow', 'moment', 'hour', 'hours', 'minute', 'minutes',
  'season', 'summer', 'winter', 'spring', 'autumn', 'fall',
]);
