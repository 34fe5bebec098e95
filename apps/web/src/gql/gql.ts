/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  mutation AddNewAdminUser($userName: String!, $email: String!, $roles: [String!]!) {\n    postAddNewAdminUser(userName: $userName, email: $email, roles: $roles) {\n      message\n      oneTimePassword\n      user {\n        id\n        userName\n        email\n      }\n    }\n  }\n": typeof types.AddNewAdminUserDocument,
    "\n  mutation AddRoleToUser($userId: Int!, $roles: [String!]!) {\n    postAddRoleToUser(userId: $userId, roles: $roles) {\n      message\n      user {\n        id\n        roles {\n          name\n        }\n      }\n    }\n  }\n": typeof types.AddRoleToUserDocument,
    "\n  query AdminUsers {\n    adminUsers {\n      id\n      userName\n      email\n      mustChangePassword\n      totpEnabled\n      roles {\n        name\n        description\n      }\n    }\n  }\n": typeof types.AdminUsersDocument,
    "\n  query AuditLogs(\n    $adminUserId: Int\n    $operation: String\n    $targetId: String\n    $dateFrom: DateTime\n    $dateUntil: DateTime\n    $pagination: PaginationInput\n  ) {\n    auditLogs(\n      adminUserId: $adminUserId\n      operation: $operation\n      targetId: $targetId\n      dateFrom: $dateFrom\n      dateUntil: $dateUntil\n      pagination: $pagination\n    ) {\n      list {\n        id\n        occurredAt\n        adminUserId\n        adminUserName\n        operation\n        targetType\n        targetIds\n        summary\n        requestId\n        ip\n      }\n      pagination {\n        limit\n        offset\n        totalRecords\n      }\n    }\n  }\n": typeof types.AuditLogsDocument,
    "\n  mutation DeleteAdminUser($userId: Int!) {\n    postDeleteAdminUser(userId: $userId) {\n      message\n      deletedUserId\n    }\n  }\n": typeof types.DeleteAdminUserDocument,
    "\n  mutation DeleteRoleFromUser($userId: Int!, $roles: [String!]!) {\n    postDeleteRoleFromUser(userId: $userId, roles: $roles) {\n      message\n      user {\n        id\n        roles {\n          name\n        }\n      }\n    }\n  }\n": typeof types.DeleteRoleFromUserDocument,
    "\n  query Roles {\n    roles {\n      name\n      description\n    }\n  }\n": typeof types.RolesDocument,
    "\n  mutation SignIn($email: String!, $password: String!, $totpCode: String) {\n    postSignIn(email: $email, password: $password, totpCode: $totpCode) {\n      message\n      accessToken\n      user {\n        id\n        userName\n        email\n      }\n    }\n  }\n": typeof types.SignInDocument,
    "\n  mutation SignOut {\n    postSignOut\n  }\n": typeof types.SignOutDocument,
    "\n  mutation ConfirmTotpEnrollment($totpCode: String!) {\n    postConfirmTotpEnrollment(totpCode: $totpCode) {\n      message\n      totpEnabled\n    }\n  }\n": typeof types.ConfirmTotpEnrollmentDocument,
    "\n  mutation DisableTotp($password: String!) {\n    postDisableTotp(password: $password) {\n      message\n      totpEnabled\n    }\n  }\n": typeof types.DisableTotpDocument,
    "\n  query MyProfile {\n    adminUser {\n      id\n      userName\n      email\n      mustChangePassword\n      totpEnabled\n    }\n  }\n": typeof types.MyProfileDocument,
    "\n  mutation StartTotpEnrollment {\n    postStartTotpEnrollment {\n      secret\n      otpauthUri\n      qrCodeDataUrl\n    }\n  }\n": typeof types.StartTotpEnrollmentDocument,
    "\n  mutation UpdateAdminUserProfile(\n    $email: String\n    $userName: String\n    $oldPassword: String\n    $newPassword: String\n  ) {\n    postUpdateAdminUserProfile(\n      email: $email\n      userName: $userName\n      oldPassword: $oldPassword\n      newPassword: $newPassword\n    ) {\n      newEmail\n      newUserName\n      message\n    }\n  }\n": typeof types.UpdateAdminUserProfileDocument,
    "\n  query CurrentAdmin {\n    adminUser {\n      id\n      userName\n      email\n      roles {\n        name\n        description\n      }\n    }\n  }\n": typeof types.CurrentAdminDocument,
};
const documents: Documents = {
    "\n  mutation AddNewAdminUser($userName: String!, $email: String!, $roles: [String!]!) {\n    postAddNewAdminUser(userName: $userName, email: $email, roles: $roles) {\n      message\n      oneTimePassword\n      user {\n        id\n        userName\n        email\n      }\n    }\n  }\n": types.AddNewAdminUserDocument,
    "\n  mutation AddRoleToUser($userId: Int!, $roles: [String!]!) {\n    postAddRoleToUser(userId: $userId, roles: $roles) {\n      message\n      user {\n        id\n        roles {\n          name\n        }\n      }\n    }\n  }\n": types.AddRoleToUserDocument,
    "\n  query AdminUsers {\n    adminUsers {\n      id\n      userName\n      email\n      mustChangePassword\n      totpEnabled\n      roles {\n        name\n        description\n      }\n    }\n  }\n": types.AdminUsersDocument,
    "\n  query AuditLogs(\n    $adminUserId: Int\n    $operation: String\n    $targetId: String\n    $dateFrom: DateTime\n    $dateUntil: DateTime\n    $pagination: PaginationInput\n  ) {\n    auditLogs(\n      adminUserId: $adminUserId\n      operation: $operation\n      targetId: $targetId\n      dateFrom: $dateFrom\n      dateUntil: $dateUntil\n      pagination: $pagination\n    ) {\n      list {\n        id\n        occurredAt\n        adminUserId\n        adminUserName\n        operation\n        targetType\n        targetIds\n        summary\n        requestId\n        ip\n      }\n      pagination {\n        limit\n        offset\n        totalRecords\n      }\n    }\n  }\n": types.AuditLogsDocument,
    "\n  mutation DeleteAdminUser($userId: Int!) {\n    postDeleteAdminUser(userId: $userId) {\n      message\n      deletedUserId\n    }\n  }\n": types.DeleteAdminUserDocument,
    "\n  mutation DeleteRoleFromUser($userId: Int!, $roles: [String!]!) {\n    postDeleteRoleFromUser(userId: $userId, roles: $roles) {\n      message\n      user {\n        id\n        roles {\n          name\n        }\n      }\n    }\n  }\n": types.DeleteRoleFromUserDocument,
    "\n  query Roles {\n    roles {\n      name\n      description\n    }\n  }\n": types.RolesDocument,
    "\n  mutation SignIn($email: String!, $password: String!, $totpCode: String) {\n    postSignIn(email: $email, password: $password, totpCode: $totpCode) {\n      message\n      accessToken\n      user {\n        id\n        userName\n        email\n      }\n    }\n  }\n": types.SignInDocument,
    "\n  mutation SignOut {\n    postSignOut\n  }\n": types.SignOutDocument,
    "\n  mutation ConfirmTotpEnrollment($totpCode: String!) {\n    postConfirmTotpEnrollment(totpCode: $totpCode) {\n      message\n      totpEnabled\n    }\n  }\n": types.ConfirmTotpEnrollmentDocument,
    "\n  mutation DisableTotp($password: String!) {\n    postDisableTotp(password: $password) {\n      message\n      totpEnabled\n    }\n  }\n": types.DisableTotpDocument,
    "\n  query MyProfile {\n    adminUser {\n      id\n      userName\n      email\n      mustChangePassword\n      totpEnabled\n    }\n  }\n": types.MyProfileDocument,
    "\n  mutation StartTotpEnrollment {\n    postStartTotpEnrollment {\n      secret\n      otpauthUri\n      qrCodeDataUrl\n    }\n  }\n": types.StartTotpEnrollmentDocument,
    "\n  mutation UpdateAdminUserProfile(\n    $email: String\n    $userName: String\n    $oldPassword: String\n    $newPassword: String\n  ) {\n    postUpdateAdminUserProfile(\n      email: $email\n      userName: $userName\n      oldPassword: $oldPassword\n      newPassword: $newPassword\n    ) {\n      newEmail\n      newUserName\n      message\n    }\n  }\n": types.UpdateAdminUserProfileDocument,
    "\n  query CurrentAdmin {\n    adminUser {\n      id\n      userName\n      email\n      roles {\n        name\n        description\n      }\n    }\n  }\n": types.CurrentAdminDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddNewAdminUser($userName: String!, $email: String!, $roles: [String!]!) {\n    postAddNewAdminUser(userName: $userName, email: $email, roles: $roles) {\n      message\n      oneTimePassword\n      user {\n        id\n        userName\n        email\n      }\n    }\n  }\n"): typeof import('./graphql').AddNewAdminUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddRoleToUser($userId: Int!, $roles: [String!]!) {\n    postAddRoleToUser(userId: $userId, roles: $roles) {\n      message\n      user {\n        id\n        roles {\n          name\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').AddRoleToUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminUsers {\n    adminUsers {\n      id\n      userName\n      email\n      mustChangePassword\n      totpEnabled\n      roles {\n        name\n        description\n      }\n    }\n  }\n"): typeof import('./graphql').AdminUsersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuditLogs(\n    $adminUserId: Int\n    $operation: String\n    $targetId: String\n    $dateFrom: DateTime\n    $dateUntil: DateTime\n    $pagination: PaginationInput\n  ) {\n    auditLogs(\n      adminUserId: $adminUserId\n      operation: $operation\n      targetId: $targetId\n      dateFrom: $dateFrom\n      dateUntil: $dateUntil\n      pagination: $pagination\n    ) {\n      list {\n        id\n        occurredAt\n        adminUserId\n        adminUserName\n        operation\n        targetType\n        targetIds\n        summary\n        requestId\n        ip\n      }\n      pagination {\n        limit\n        offset\n        totalRecords\n      }\n    }\n  }\n"): typeof import('./graphql').AuditLogsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteAdminUser($userId: Int!) {\n    postDeleteAdminUser(userId: $userId) {\n      message\n      deletedUserId\n    }\n  }\n"): typeof import('./graphql').DeleteAdminUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteRoleFromUser($userId: Int!, $roles: [String!]!) {\n    postDeleteRoleFromUser(userId: $userId, roles: $roles) {\n      message\n      user {\n        id\n        roles {\n          name\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').DeleteRoleFromUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Roles {\n    roles {\n      name\n      description\n    }\n  }\n"): typeof import('./graphql').RolesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignIn($email: String!, $password: String!, $totpCode: String) {\n    postSignIn(email: $email, password: $password, totpCode: $totpCode) {\n      message\n      accessToken\n      user {\n        id\n        userName\n        email\n      }\n    }\n  }\n"): typeof import('./graphql').SignInDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignOut {\n    postSignOut\n  }\n"): typeof import('./graphql').SignOutDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmTotpEnrollment($totpCode: String!) {\n    postConfirmTotpEnrollment(totpCode: $totpCode) {\n      message\n      totpEnabled\n    }\n  }\n"): typeof import('./graphql').ConfirmTotpEnrollmentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DisableTotp($password: String!) {\n    postDisableTotp(password: $password) {\n      message\n      totpEnabled\n    }\n  }\n"): typeof import('./graphql').DisableTotpDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyProfile {\n    adminUser {\n      id\n      userName\n      email\n      mustChangePassword\n      totpEnabled\n    }\n  }\n"): typeof import('./graphql').MyProfileDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartTotpEnrollment {\n    postStartTotpEnrollment {\n      secret\n      otpauthUri\n      qrCodeDataUrl\n    }\n  }\n"): typeof import('./graphql').StartTotpEnrollmentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateAdminUserProfile(\n    $email: String\n    $userName: String\n    $oldPassword: String\n    $newPassword: String\n  ) {\n    postUpdateAdminUserProfile(\n      email: $email\n      userName: $userName\n      oldPassword: $oldPassword\n      newPassword: $newPassword\n    ) {\n      newEmail\n      newUserName\n      message\n    }\n  }\n"): typeof import('./graphql').UpdateAdminUserProfileDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CurrentAdmin {\n    adminUser {\n      id\n      userName\n      email\n      roles {\n        name\n        description\n      }\n    }\n  }\n"): typeof import('./graphql').CurrentAdminDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
