// What "a day" is wherever the contract counts days (docs/domain.md, "Business days"): one
// business time zone decides it for every day the API keeps, takes or answers. Descriptions
// name it through these, so none says UTC where the day is the business one.

/** A day as the statistics keep it and the ranges take it. */
export const BUSINESS_DAY = 'business day (BUSINESS_TIME_ZONE)';

/** Several of them. */
export const BUSINESS_DAYS = 'business days (BUSINESS_TIME_ZONE)';
