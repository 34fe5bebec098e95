import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { documentQuery } from '@/lib/document-query';

const UserQuery = graphql(`
  query User($userId: Int!) {
    user(userId: $userId) {
      id
      userName
      inviteCode
      cardStatus
      totalHECStakedAmount
      totalETHStakedAmount
      totalBuyAmountUsd
      savingRewardsRate
      referralRate
      registeredAt
      totalSentAmount
      totalOwl
      parentId
      parentUserName
      aubeUserInfo {
        email
        aubeUserIdHash
        firstName
        lastName
        birthDate
        enrollmentMonth
        forceClubRegisteredAt
        forceClubIdHash
      }
      userDetail {
        avatarUrl
        phoneNumber
        twoFactor
        bio
        defaultLocale
      }
    }
  }
`);

/** General info of one user (the first section of the detail page). */
export function useUser(userId: number) {
  return useQuery(documentQuery(UserQuery, (d) => d.user, { userId }));
}
