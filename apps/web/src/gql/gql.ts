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
    "\n  mutation SignIn($email: String!, $password: String!) {\n    postSignIn(email: $email, password: $password) {\n      message\n      accessToken\n      user {\n        id\n        userName\n        email\n      }\n    }\n  }\n": typeof types.SignInDocument,
    "\n  mutation SignOut {\n    postSignOut\n  }\n": typeof types.SignOutDocument,
    "\n  query CurrentAdmin {\n    adminUser {\n      id\n      userName\n      email\n      roles {\n        name\n        description\n      }\n    }\n  }\n": typeof types.CurrentAdminDocument,
};
const documents: Documents = {
    "\n  mutation SignIn($email: String!, $password: String!) {\n    postSignIn(email: $email, password: $password) {\n      message\n      accessToken\n      user {\n        id\n        userName\n        email\n      }\n    }\n  }\n": types.SignInDocument,
    "\n  mutation SignOut {\n    postSignOut\n  }\n": types.SignOutDocument,
    "\n  query CurrentAdmin {\n    adminUser {\n      id\n      userName\n      email\n      roles {\n        name\n        description\n      }\n    }\n  }\n": types.CurrentAdminDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignIn($email: String!, $password: String!) {\n    postSignIn(email: $email, password: $password) {\n      message\n      accessToken\n      user {\n        id\n        userName\n        email\n      }\n    }\n  }\n"): typeof import('./graphql').SignInDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignOut {\n    postSignOut\n  }\n"): typeof import('./graphql').SignOutDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CurrentAdmin {\n    adminUser {\n      id\n      userName\n      email\n      roles {\n        name\n        description\n      }\n    }\n  }\n"): typeof import('./graphql').CurrentAdminDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
