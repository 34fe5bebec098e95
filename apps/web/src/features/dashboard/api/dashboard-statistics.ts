import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { DashboardStatisticsQueryVariables } from '@/gql/graphql';
import { documentQuery } from '@/lib/document-query';

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
    ...documentQuery(DashboardStatisticsQuery, (d) => d.dashboardStatistics, variables),
    placeholderData: keepPreviousData,
  });
}
