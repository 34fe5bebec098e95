import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { DashboardStatisticsQueryVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { queryKeyFor } from '@/lib/query-keys';

const DashboardStatisticsQuery = graphql(`
  query DashboardStatistics($period: DashboardPeriod!, $dateFrom: String, $dateUntil: String) {
    dashboardStatistics(period: $period, dateFrom: $dateFrom, dateUntil: $dateUntil) {
      dateFrom
      dateUntil
      previousDateFrom
      previousDateUntil
      revenueUsd {
        current
        previous
        change
        changePercent
      }
      newUsers {
        current
        previous
        change
        changePercent
      }
      totalUsers {
        current
        previous
        change
        changePercent
      }
      cardStatuses {
        cardStatus
        users
        newUsers {
          current
          previous
          change
          changePercent
        }
      }
      purchaseRanges {
        index
        min
        max
        users
        newUsers {
          current
          previous
          change
          changePercent
        }
      }
      campaignEth {
        current
        previous
        change
        changePercent
      }
      campaignHec {
        current
        previous
        change
        changePercent
      }
      exBonusHec {
        current
        previous
        change
        changePercent
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
    queryKey: queryKeyFor(DashboardStatisticsQuery, variables),
    queryFn: async () => (await execute(DashboardStatisticsQuery, variables)).dashboardStatistics,
    placeholderData: keepPreviousData,
  });
}
