/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** limit (default 20), offset (default 0) and sort of a list call. */
export type PaginationInput = {
  limit?: number | null | undefined;
  offset?: number | null | undefined;
  sort?: SortInput | null | undefined;
};

/** Which column a list is sorted by (spec section 3, "Pagination"). */
export type SortInput = {
  orderBy?: SortOrder | null | undefined;
  target: string;
};

export type SortOrder =
  | 'ASC'
  | 'DESC';

export type AddNewAdminUserMutationVariables = Exact<{
  userName: string;
  email: string;
  roles: Array<string> | string;
}>;


export type AddNewAdminUserMutation = { postAddNewAdminUser: { message: string, oneTimePassword: string, user: { id: number, userName: string, email: string } } };

export type AddRoleToUserMutationVariables = Exact<{
  userId: number;
  roles: Array<string> | string;
}>;


export type AddRoleToUserMutation = { postAddRoleToUser: { message: string, user: { id: number, roles: Array<{ name: string }> } } };

export type AdminUsersQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminUsersQuery = { adminUsers: Array<{ id: number, userName: string, email: string, mustChangePassword: boolean, totpEnabled: boolean, roles: Array<{ name: string, description: string }> }> };

export type AuditLogsQueryVariables = Exact<{
  adminUserId?: number | null | undefined;
  operation?: string | null | undefined;
  targetId?: string | null | undefined;
  dateFrom?: string | null | undefined;
  dateUntil?: string | null | undefined;
  pagination?: PaginationInput | null | undefined;
}>;


export type AuditLogsQuery = { auditLogs: { list: Array<{ id: string, occurredAt: string, adminUserId: number | null, adminUserName: string | null, operation: string, targetType: string | null, targetIds: Array<string>, summary: string, requestId: string | null, ip: string | null }>, pagination: { limit: number, offset: number, totalRecords: number } } };

export type DeleteAdminUserMutationVariables = Exact<{
  userId: number;
}>;


export type DeleteAdminUserMutation = { postDeleteAdminUser: { message: string, deletedUserId: number } };

export type DeleteRoleFromUserMutationVariables = Exact<{
  userId: number;
  roles: Array<string> | string;
}>;


export type DeleteRoleFromUserMutation = { postDeleteRoleFromUser: { message: string, user: { id: number, roles: Array<{ name: string }> } } };

export type RolesQueryVariables = Exact<{ [key: string]: never; }>;


export type RolesQuery = { roles: Array<{ name: string, description: string }> };

export type SignInMutationVariables = Exact<{
  email: string;
  password: string;
  totpCode?: string | null | undefined;
}>;


export type SignInMutation = { postSignIn: { message: string, accessToken: string, user: { id: number, userName: string, email: string } } };

export type SignOutMutationVariables = Exact<{ [key: string]: never; }>;


export type SignOutMutation = { postSignOut: boolean };

export type ConfirmTotpEnrollmentMutationVariables = Exact<{
  totpCode: string;
}>;


export type ConfirmTotpEnrollmentMutation = { postConfirmTotpEnrollment: { message: string, totpEnabled: boolean } };

export type DisableTotpMutationVariables = Exact<{
  password: string;
}>;


export type DisableTotpMutation = { postDisableTotp: { message: string, totpEnabled: boolean } };

export type MyProfileQueryVariables = Exact<{ [key: string]: never; }>;


export type MyProfileQuery = { adminUser: { id: number, userName: string, email: string, mustChangePassword: boolean, totpEnabled: boolean } };

export type StartTotpEnrollmentMutationVariables = Exact<{ [key: string]: never; }>;


export type StartTotpEnrollmentMutation = { postStartTotpEnrollment: { secret: string, otpauthUri: string, qrCodeDataUrl: string } };

export type UpdateAdminUserProfileMutationVariables = Exact<{
  email?: string | null | undefined;
  userName?: string | null | undefined;
  oldPassword?: string | null | undefined;
  newPassword?: string | null | undefined;
}>;


export type UpdateAdminUserProfileMutation = { postUpdateAdminUserProfile: { newEmail: string, newUserName: string, message: string } };

export type CurrentAdminQueryVariables = Exact<{ [key: string]: never; }>;


export type CurrentAdminQuery = { adminUser: { id: number, userName: string, email: string, roles: Array<{ name: string, description: string }> } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}

export const AddNewAdminUserDocument = new TypedDocumentString(`
    mutation AddNewAdminUser($userName: String!, $email: String!, $roles: [String!]!) {
  postAddNewAdminUser(userName: $userName, email: $email, roles: $roles) {
    message
    oneTimePassword
    user {
      id
      userName
      email
    }
  }
}
    `) as unknown as TypedDocumentString<AddNewAdminUserMutation, AddNewAdminUserMutationVariables>;
export const AddRoleToUserDocument = new TypedDocumentString(`
    mutation AddRoleToUser($userId: Int!, $roles: [String!]!) {
  postAddRoleToUser(userId: $userId, roles: $roles) {
    message
    user {
      id
      roles {
        name
      }
    }
  }
}
    `) as unknown as TypedDocumentString<AddRoleToUserMutation, AddRoleToUserMutationVariables>;
export const AdminUsersDocument = new TypedDocumentString(`
    query AdminUsers {
  adminUsers {
    id
    userName
    email
    mustChangePassword
    totpEnabled
    roles {
      name
      description
    }
  }
}
    `) as unknown as TypedDocumentString<AdminUsersQuery, AdminUsersQueryVariables>;
export const AuditLogsDocument = new TypedDocumentString(`
    query AuditLogs($adminUserId: Int, $operation: String, $targetId: String, $dateFrom: DateTime, $dateUntil: DateTime, $pagination: PaginationInput) {
  auditLogs(
    adminUserId: $adminUserId
    operation: $operation
    targetId: $targetId
    dateFrom: $dateFrom
    dateUntil: $dateUntil
    pagination: $pagination
  ) {
    list {
      id
      occurredAt
      adminUserId
      adminUserName
      operation
      targetType
      targetIds
      summary
      requestId
      ip
    }
    pagination {
      limit
      offset
      totalRecords
    }
  }
}
    `) as unknown as TypedDocumentString<AuditLogsQuery, AuditLogsQueryVariables>;
export const DeleteAdminUserDocument = new TypedDocumentString(`
    mutation DeleteAdminUser($userId: Int!) {
  postDeleteAdminUser(userId: $userId) {
    message
    deletedUserId
  }
}
    `) as unknown as TypedDocumentString<DeleteAdminUserMutation, DeleteAdminUserMutationVariables>;
export const DeleteRoleFromUserDocument = new TypedDocumentString(`
    mutation DeleteRoleFromUser($userId: Int!, $roles: [String!]!) {
  postDeleteRoleFromUser(userId: $userId, roles: $roles) {
    message
    user {
      id
      roles {
        name
      }
    }
  }
}
    `) as unknown as TypedDocumentString<DeleteRoleFromUserMutation, DeleteRoleFromUserMutationVariables>;
export const RolesDocument = new TypedDocumentString(`
    query Roles {
  roles {
    name
    description
  }
}
    `) as unknown as TypedDocumentString<RolesQuery, RolesQueryVariables>;
export const SignInDocument = new TypedDocumentString(`
    mutation SignIn($email: String!, $password: String!, $totpCode: String) {
  postSignIn(email: $email, password: $password, totpCode: $totpCode) {
    message
    accessToken
    user {
      id
      userName
      email
    }
  }
}
    `) as unknown as TypedDocumentString<SignInMutation, SignInMutationVariables>;
export const SignOutDocument = new TypedDocumentString(`
    mutation SignOut {
  postSignOut
}
    `) as unknown as TypedDocumentString<SignOutMutation, SignOutMutationVariables>;
export const ConfirmTotpEnrollmentDocument = new TypedDocumentString(`
    mutation ConfirmTotpEnrollment($totpCode: String!) {
  postConfirmTotpEnrollment(totpCode: $totpCode) {
    message
    totpEnabled
  }
}
    `) as unknown as TypedDocumentString<ConfirmTotpEnrollmentMutation, ConfirmTotpEnrollmentMutationVariables>;
export const DisableTotpDocument = new TypedDocumentString(`
    mutation DisableTotp($password: String!) {
  postDisableTotp(password: $password) {
    message
    totpEnabled
  }
}
    `) as unknown as TypedDocumentString<DisableTotpMutation, DisableTotpMutationVariables>;
export const MyProfileDocument = new TypedDocumentString(`
    query MyProfile {
  adminUser {
    id
    userName
    email
    mustChangePassword
    totpEnabled
  }
}
    `) as unknown as TypedDocumentString<MyProfileQuery, MyProfileQueryVariables>;
export const StartTotpEnrollmentDocument = new TypedDocumentString(`
    mutation StartTotpEnrollment {
  postStartTotpEnrollment {
    secret
    otpauthUri
    qrCodeDataUrl
  }
}
    `) as unknown as TypedDocumentString<StartTotpEnrollmentMutation, StartTotpEnrollmentMutationVariables>;
export const UpdateAdminUserProfileDocument = new TypedDocumentString(`
    mutation UpdateAdminUserProfile($email: String, $userName: String, $oldPassword: String, $newPassword: String) {
  postUpdateAdminUserProfile(
    email: $email
    userName: $userName
    oldPassword: $oldPassword
    newPassword: $newPassword
  ) {
    newEmail
    newUserName
    message
  }
}
    `) as unknown as TypedDocumentString<UpdateAdminUserProfileMutation, UpdateAdminUserProfileMutationVariables>;
export const CurrentAdminDocument = new TypedDocumentString(`
    query CurrentAdmin {
  adminUser {
    id
    userName
    email
    roles {
      name
      description
    }
  }
}
    `) as unknown as TypedDocumentString<CurrentAdminQuery, CurrentAdminQueryVariables>;