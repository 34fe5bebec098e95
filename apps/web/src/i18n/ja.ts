/** Japanese, the default language. Every key here must exist in en.ts (type-checked). */
export const ja = {
  app: {
    title: '管理コンソール',
    loading: '読み込み中…',
  },
  auth: {
    signInTitle: 'サインイン',
    email: 'メールアドレス',
    password: 'パスワード',
    signIn: 'サインイン',
    signingIn: 'サインイン中…',
    logout: 'ログアウト',
  },
  dashboard: {
    title: 'ダッシュボード',
    signedInAs: '{{userName}}（{{email}}）としてサインイン中',
    roles: 'ロール',
  },
  validation: {
    required: '{{field}}を入力してください',
    email: '{{field}}の形式が正しくありません',
  },
  errors: {
    UNAUTHENTICATED: '認証の有効期限が切れました。もう一度サインインしてください。',
    FORBIDDEN: 'この操作を行う権限がありません。',
    BAD_USER_INPUT: '入力内容に誤りがあります。',
    INVALID_CREDENTIALS: 'メールアドレスまたはパスワードが正しくありません。',
    NOT_FOUND: '対象が見つかりません。',
    CONFLICT: '他の変更と競合しました。再読み込みしてください。',
    TOO_MANY_REQUESTS: '試行回数が多すぎます。しばらくしてから再度お試しください。',
    INTERNAL_SERVER_ERROR: 'サーバーで予期しないエラーが発生しました。',
    network: 'サーバーエラー！',
    generic: 'エラー: {{message}}',
  },
};

type Catalogue<T> = { [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };
/** The shape every language must fill in completely. */
export type Messages = Catalogue<typeof ja>;
