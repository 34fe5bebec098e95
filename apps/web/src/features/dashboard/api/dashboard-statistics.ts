import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { DashboardStatisticsQueryVariables } from '@/gql/graphql';
import { documentQuery } from '@/lib/document-query';

// Every comparison widget reads the same four figures of its period and the previous one.
graphql(`
  fragment DashboardAmount on DashboardAmountComparison {
    current
    previous
    change
    changePercent
  }
`);

graphql(`
  fragment DashboardCount on DashboardCountComparison {
    current
    previous
    change
    changePercent
  }
`);

const DashboardStatisticsQuery = graphql(`
  query DashboardStatistics($period: DashboardPeriod!, $dateFrom: String, $dateUntil: String) {
    dashboardStatistics(period: $period, dateFrom: $dateFrom, dateUntil: $dateUntil) {
      dateFrom
      dateUntil
      previousDateFrom
      previousDateUntil
      revenueUsd {
        ...DashboardAmount
      }
      newUsers {
        ...DashboardCount
      }
      totalUsers {
        ...DashboardCount
      }
      cardStatuses {
        cardStatus
        users
        newUsers {
          ...DashboardCount
        }
      }
      purchaseRanges {
        index
        min
        max
        users
        newUsers {
          ...DashboardCount
        }
      }
      campaignEth {
        ...DashboardAmount
      }
      campaignHec {
        ...DashboardAmount
      }
      exBonusHec {
        ...DashboardAmount
      }
      days {
        date
        revenueUsd
        newUsers
      }
    }
  }
`);

/** Every dashboard widget in one call; the previous figures stay on screen while a new period loads. */
export function useDashboardStatistics(variables: DashboardStatisticsQueryVariables) {
  return useQuery({
    ...documentQuery(DashboardStatisticsQuery, (d) => d.dashboardStatistics, variables),
    placeholderData: keepPreviousData,
  });
}
