import { jaJP } from '@mui/material/locale';
import { MAIL_RECIPIENT_MESSAGES_JA } from '@app/shared';

/** Japanese, the default language. Every key here must exist in en.ts (type-checked). */
export const ja = {
  app: {
    title: '管理コンソール',
    loading: '読み込み中…',
    skipToContent: 'メインコンテンツへスキップ',
  },
  auth: {
    signInTitle: 'サインイン',
    email: 'メールアドレス',
    password: 'パスワード',
    signIn: 'サインイン',
    signingIn: 'サインイン中…',
    totpCode: '認証コード',
    logout: 'ログアウト',
    expiredTitle: '認証エラー',
    expiredMessage: '認証の有効期限が切れました。もう一度サインインしてください。',
    ok: 'OK',
  },
  shell: {
    toggleMenu: 'メニューの開閉',
    language: '言語',
    languageCurrent: '言語: {{language}}, {{code}}',
    accountMenu: 'アカウントメニュー',
    profile: 'プロフィール',
    themeSettings: 'テーマ設定',
    mainMenu: 'メインメニュー',
    breadcrumb: 'パンくずリスト',
    scrollTop: 'ページの先頭へ戻る',
    close: '閉じる',
  },
  locales: {
    ja: '日本語',
    en: 'English',
  },
  theme: {
    title: 'テーマ設定',
    primaryColor: 'メインカラー',
    sidebar: 'サイドバー',
    sidebarLight: 'ライト',
    sidebarDark: 'ダーク',
    mode: '表示モード',
    modeLight: 'ライト',
    modeDark: 'ダーク',
    colors: {
      blue: 'ブルー',
      indigo: 'インディゴ',
      purple: 'パープル',
      teal: 'ティール',
      green: 'グリーン',
      pink: 'ピンク',
    },
  },
  nav: {
    groups: {
      common: '共通',
      coinSaving: 'コインセービング',
      referralPlan: 'リファラルプラン',
      withdrawals: '出金',
      admin: '管理者',
      templates: 'テンプレート',
    },
    home: 'ホーム',
    dashboard: 'ダッシュボード',
    users: 'ユーザー',
    referral: 'リファラル',
    transactions: 'トランザクション',
    rewardSnapshot: '報酬スナップショット',
    assetStatistic: '資産統計',
    notification: 'お知らせ',
    sendMail: 'メール送信',
    support: 'サポート',
    downloadCsv: 'CSVダウンロード',
    remittanceHistory: '送金履歴',
    addresses: 'アドレス',
    // The eight withdrawal kinds by what each pays out (issue 35: two of them read
    // "コインセービング出金" and "セービングコイン出金"); each name tells its source.
    withdrawals: 'コインセービング積立の出金',
    aggregation: 'トランザクション集計',
    trackRecords: 'アフィリエイト実績',
    withdrawalSavingCoin: 'リファラルプラン送金 HEC の出金',
    withdrawalReferralRewards: '紹介報酬の出金',
    withdrawalAtem: 'ATEM 元本の出金',
    withdrawalBonusRewards: 'リファラルプランボーナスの出金',
    withdrawalPrincipal: 'プラン支払いの元本・報酬の出金',
    withdrawalProportionalBonus: 'キャンペーン比例ボーナスの出金',
    withdrawalAffiliateBonus: 'アフィリエイトボーナスの出金',
    adminUser: '管理者ユーザー',
    profile: 'プロフィール',
    chat: 'チャット',
    empty: '空のページ',
    forms: 'フォーム',
    general: '一般',
    pickers: 'ピッカー',
    widgets: 'ウィジェット',
  },
  pages: {
    userDetail: 'ユーザー詳細（ID: {{id}}）',
    userCrumb: 'ユーザー #{{id}}',
    userRemittanceHistory: 'ユーザー {{id}} の送金履歴',
    userPaymentHistory: 'ユーザー {{id}} の支払履歴',
    userRewardSnapshot: 'ユーザー {{id}} の報酬スナップショット',
    remittanceHistoryCrumb: '送金履歴',
    paymentHistoryCrumb: '支払履歴',
    rewardSnapshotCrumb: '報酬スナップショット',
    userWithdrawalHistory: 'ユーザー {{id}} の出金履歴',
    withdrawalHistoryCrumb: '出金履歴',
  },
  errorPages: {
    notFound: '申し訳ありません。ページが見つかりません',
    notFoundDetail: 'このページは見つかりませんでした',
    forbidden: '申し訳ありません。アクセスが拒否されました。',
    forbiddenDetail: 'このページは特権管理者のみが利用できます。',
    serverDown: '申し訳ありません。サーバーが停止しています。',
    serverDownDetail: '時間をおいて再度お試しください。',
    goHome: 'ホームへ戻る',
  },
  /** Card status names (0 None … 6 Black): the dashboard's and the user screens' one set. */
  cardStatus: {
    s0: 'なし',
    s1: 'エメラルド',
    s2: 'ルビー',
    s3: 'サファイア',
    s4: 'ゴールド',
    s5: 'プラチナ',
    s6: 'ブラック',
  },
  dashboard: {
    title: 'ダッシュボード',
    signedInAs: '{{userName}}（{{email}}）としてサインイン中',
    roles: 'ロール',
    widgets: {
      revenue: '売上',
      newUser: '新規ユーザー',
      cardStatus: 'カードステータス',
      usersPerPurchaseRange: '購入額帯別ユーザー数',
      totalUsers: '総ユーザー数',
      campaign: 'キャンペーン',
      exBonus: 'リファラルプランのExボーナス',
    },
    period: {
      label: '期間',
      TODAY: '今日',
      LAST_7_DAYS: '7日間',
      LAST_30_DAYS: '30日間',
      CUSTOM: '指定期間',
      from: '開始日',
      until: '終了日',
      apply: '表示',
      range: '{{from}} 〜 {{until}}（{{zone}}）',
      previous: '前期間 {{from}} 〜 {{until}}',
    },
    change: '前期間比 {{sign}}{{change}}',
    changePercent: '（{{sign}}{{percent}}%）',
    previousValue: '前期間: {{value}}',
    noPrevious: '前期間は 0',
    atPeriodEnd: '期間末時点',
    users_one: '{{formatted}} 人',
    users_other: '{{formatted}} 人',
    newInPeriod: '期間中の新規',
    allUsers: '全ユーザー',
    openList: '{{name}} の一覧を開く',
    chart: 'グラフ',
    table: '表',
    viewAs: '表示形式',
    day: '日付',
    value: '値',
    noPurchase: '購入なし',
    rangeFrom: '{{min}} USD 以上',
    rangeBetween: '{{min}} 〜 {{max}} USD',
    revenueChart: '日別の売上（USD）',
    newUsersChart: '日別の新規ユーザー数',
    cardStatusChart: 'カードステータス別ユーザー数',
    purchaseRangeChart: '購入額帯別ユーザー数',
    campaignNote: '比例配分ボーナス（キャンペーン）',
    exBonusNote: 'リファラルプランのボーナス報酬',
  },
  charts: {
    keys: 'グラフにフォーカスし、矢印キーで各点の値を読めます',
  },
  roles: {
    super_admin: '特権管理者',
    write: '編集',
    read: '閲覧',
    descriptions: {
      read: 'すべての画面の閲覧とエクスポートのダウンロード',
      write: '出金・支払い・レート・サポート・お知らせなどのデータ変更も可能',
      super_admin: '管理者アカウントとロールの管理も可能',
    },
  },
  planNames: {
    // Plural forms as i18next asks for them; Japanese has one form.
    savingYears_one: '{{count}}年プラン',
    savingYears_other: '{{count}}年プラン',
  },
  validation: {
    required: '{{field}}を入力してください',
    email: '{{field}}の形式が正しくありません',
  },
  // The date fields (components/date-input.tsx): refused at the field, in the admin's words.
  dates: {
    invalid: '{{example}} のように入力してください。',
    beforeMin: '開始より前の日付は選べません。',
    reversed: '「{{from}}」より後の日付にしてください。',
  },
  feedback: {
    closeToast: '通知を閉じる',
  },
  // One sentence per confirmation, built from its parameters (lib/confirm-sentence.ts).
  confirmations: {
    listSeparator: '、',
    namedTotal: '{{name}} {{value}}',
    approve: '{{count}} 件の出金申請を承認します。よろしいですか？',
    approveWithTotals: '{{count}} 件の出金申請（合計 {{totals}}）を承認します。よろしいですか？',
    importPayments:
      'ファイルの {{rows}} 行から {{count}} 件の支払いを取り込みます。元に戻せません。',
    importPaymentsWithTotals:
      'ファイルの {{rows}} 行から {{count}} 件の支払い（{{totals}}）を取り込みます。元に戻せません。',
    importRates:
      'ファイルの {{rows}} 行のレートを {{count}} 件の支払いに割り当てます。元に戻せません。',
    importRatesWithTotals:
      'ファイルの {{rows}} 行のレートを {{count}} 件の支払い（{{totals}}）に割り当てます。元に戻せません。',
    addPayment:
      '{{user}} さんに {{plan}} の支払い {{paidUsd}}（{{assetETH}}、{{assetHEC}}）を追加します。元に戻せません。',
    sendReply: 'この返信を {{to}} さんにメールで送ります。送ったメールは取り消せません。',
    signOutEverywhere:
      'このブラウザを含む {{count}} 件のセッションをすべて終了します。もう一度サインインが必要です。',
    cancel: 'キャンセル',
  },
  // Why a control is disabled (components/guarded-action.tsx): shown on hover and focus.
  actions: {
    readOnlyForm: '表示のみ: {{reason}}',
    needsWrite: '閲覧権限では変更できません。書き込み権限のある管理者に依頼してください。',
    needsSuperAdmin: 'この操作はスーパー管理者だけが行えます。',
    nothingToExport: '出力する行がありません（この絞り込みでは 0 件）。',
    nothingSelected: '対象が選択されていません。一覧で行を選んでください。',
    nothingMatching: 'この絞り込みに該当する行がありません。',
    noRecipients: '宛先がありません。条件を変えてプレビューしてください。',
    noneApplicable: '選択した行はどれもこの操作の対象になりません（状態を確認してください）。',
  },
  errors: {
    UNAUTHENTICATED: '認証の有効期限が切れました。もう一度サインインしてください。',
    FORBIDDEN: 'この操作を行う権限がありません。',
    BAD_USER_INPUT: '入力内容に誤りがあります。',
    INVALID_CREDENTIALS: 'メールアドレスまたはパスワードが正しくありません。',
    TOTP_REQUIRED: '認証アプリに表示されている6桁のコードを入力してください。',
    NOT_FOUND: '対象が見つかりません。',
    CONFLICT: '他の変更と競合しました。再読み込みしてください。',
    TOO_MANY_REQUESTS: '試行回数が多すぎます。しばらくしてから再度お試しください。',
    TRY_AGAIN: 'システムが混み合っていたため、変更は行われませんでした。もう一度お試しください。',
    INTERNAL_SERVER_ERROR: 'サーバーで予期しないエラーが発生しました。',
    QUERY_TOO_COMPLEX: '要求が大きすぎるか複雑すぎます。条件を絞ってください。',
    PAYLOAD_TOO_LARGE: '送信したデータが大きすぎます。',
    QUERY_TIMEOUT: '処理に時間がかかりすぎたため中断しました。条件を絞ってください。',
    IMPORT_BUSY:
      'サーバーは同時に受け付けられる数のファイルを取り込み中です。何も読み込まず、何も変更していません。1 分ほどしてからもう一度送ってください。',
    // A wrong argument (extensions.problem, INPUT_PROBLEM_CODES): {{field}} is its label.
    input: {
      invalid: '{{field}} の値が正しくありません。',
      oneOf: '{{field}} は次のいずれかにしてください: {{values}}',
      positiveId: '{{field}} は 1 以上の ID にしてください。',
      calendarDate: '{{field}} は 2026-03-01 のような日付にしてください。',
      notAfter: '{{field}} は {{other}} より後にできません。',
      notBefore: '{{field}} は {{other}} より前にできません。',
      amount: '{{field}} は 0 以上の金額（例: 1000、12.5）にしてください。',
      amountScale: '{{field}} の小数点以下は {{max}} 桁までです（{{unit}}）。',
      amountDigits: '{{field}} の整数部は {{max}} 桁までです（{{unit}}）。',
      positive: '{{field}} は 0 より大きい値にしてください。',
      maxLength: '{{field}} は {{max}} 文字以内にしてください。',
      required: '{{field}} を入力してください。',
      maxDays: '期間は {{max}} 日以内にしてください。',
      tooManyMatching: '条件に一致する申請が {{max}} 件を超えています。条件を絞り込んでください。',
      wholeNumber: '{{field}}は {{min}} 以上の整数で入力してください（小数点なし）。',
    },
    reasons: {
      BLANK_TEXT:
        '入力されていません。空白や見えない文字（ゼロ幅スペースなど）だけでは入力になりません。',
      THRESHOLD_UNCHANGED: 'しきい値は既にその値です。',
      THRESHOLD_CHANGE_PENDING:
        'この通貨には確認待ちの引き上げがあります。確認するか取り下げてから、もう一度提案してください。',
      OWN_THRESHOLD_CHANGE:
        'ご自身の提案は確認できません。別のスーパー管理者が確認する必要があります。',
      THRESHOLD_CHANGE_CLOSED:
        'この提案は既に確認・取り下げ・置き換えのいずれかが行われているため、何も変更していません。',
      RATE_ASSIGNMENT_RUNNING:
        '別のレート割り当てを確定している最中です。プレビューを更新して、もう一度お試しください。',
      NOTHING_TO_FIX:
        'この期間に確定された支払いで、資産が未確定のものはありません（既に資産確定済みか、支払いがありません）。',
      LIST_CHANGED:
        '確認した後に対象が変わったため（確認時 {{expectedCount}} 件、現在 {{matchingCount}} 件。件数だけでなく一件ずつ照合しています）、何も変更していません。確認し直してください。',
      NOTHING_TO_EXPORT: '書き出す承認済みの申請がありません。',
      APPROVALS_MISSING:
        'しきい値に対して承認が不足している申請（{{ids}}）があるため、何も書き出していません。却下するか、絞り込み条件で除外してください。',
      STATE_CHANGING_QUERY:
        'この操作はデータを変更するため、POST で単独の操作として送信してください。',
      ONE_STATE_CHANGE_PER_REQUEST:
        '1 つのリクエストに複数の変更が含まれているため、何も実行していません。変更は 1 件ずつ別のリクエストで送信してください。',
      EXPORT_KEY_REUSED:
        'このエクスポートはすでに別の内容で送信されています。もう一度確認し直してください。',
      PAYMENT_KEY_REUSED:
        'このフォームはすでに別の内容で送信されています。支払い一覧を確認してから、もう一度追加してください。',
      LAST_SUPER_ADMIN_ROLE:
        '最後の特権管理者（ID {{adminUserId}}）から特権管理者ロールは外せません。先に別の管理者を特権管理者にしてください。',
      LAST_SUPER_ADMIN_DELETE:
        '最後の特権管理者（ID {{adminUserId}}）は削除できません。先に別の管理者を特権管理者にしてください。',
      ROLE_REQUIRED:
        '管理者（ID {{adminUserId}}）には少なくとも 1 つのロールが必要です。不要ならアカウントを削除してください。',
      OWN_ACCOUNT_DELETE: 'ご自身のアカウントは削除できません。',
      TOTP_ALREADY_ENABLED: '二要素認証は既に有効です。設定し直す場合は、先に無効にしてください。',
      TOTP_ENROLMENT_NOT_STARTED: '先に二要素認証の設定を開始してください。',
      RECORD_NOT_FOUND: '{{record}}（{{id}}）が見つかりません。',
      ILLEGAL_TRANSITION:
        '{{record}}（{{id}}）は現在の状態では変更できません。再読み込みして確認してください。',
      STALE_REVISION:
        '{{record}}（{{id}}）は表示後に変更されています。再読み込みして確認し直してください。',
      NOT_A_SECOND_PERSON:
        '{{otherAdmin}} があなたのアカウントを作成したか、承認できるロールを付与したため、あなたの承認は別の人の承認として数えられません。別の管理者が行う必要があります。',
      APPROVER_ROLE_MISSING: '{{roles}} のロールを持つ管理者だけが行えます。',
      OWN_ROLE_GRANT:
        'ご自身が提案した、またはご自身が受けるロール付与は確認できません。別のスーパー管理者が確認する必要があります。',
      ROLE_GRANT_CLOSED:
        'このロール付与は既に確認または取り下げられているため、何も変更していません。',
      ALREADY_APPROVED_BY_YOU:
        '申請（{{id}}）は既にあなたが承認しています。別の管理者の承認が必要です。',
      NUL_CHARACTER: 'メールアドレス、パスワード、コードに使えない文字（NUL）が含まれています。',
      INVALID_FIELDS: '入力内容を確認してください。',
      LANGUAGE_REQUIRED: '言語を選択してください。',
      TITLE_REQUIRED: 'タイトルを入力してください。',
      TITLE_LINE_BREAK: 'タイトルは1行で入力してください。',
      CONTENT_REQUIRED: '本文を入力してください。',
      INVALID_VALUE: '入力された値の形式が正しくありません。',
      unique_violation: 'この値は既に使われています。',
      foreign_key_missing: '参照先のデータが存在しません。',
      foreign_key_referenced: 'このデータは他のデータから参照されているため変更できません。',
      check_violation: 'この値は使えません。',
      not_null_violation: '必須の値がありません。',
      exclusion_violation: '既存のデータと重なっています。',
      data_exception: '値が範囲外か、形式が正しくありません。',
      serialization_failure:
        '他の変更と重なったため、何も変更していません。もう一度お試しください。',
      deadlock_detected: '他の変更と重なったため、何も変更していません。もう一度お試しください。',
      lock_not_available: '対象が使用中です。もう一度お試しください。',
      statement_timeout: 'データベースの処理に時間がかかりすぎました。もう一度お試しください。',
      raise_exception: '現在の状態ではこの変更はできません。再読み込みして確認してください。',
    },
    // The records a RECORD_NOT_FOUND names (extensions.params.record, RECORD_KINDS).
    records: {
      user: 'ユーザー',
      plan: 'プラン',
      adminUser: '管理者',
      notification: 'お知らせ',
      mailSend: 'メール送信',
      userContact: '問い合わせ',
      withdrawalRequest: '出金申請',
      withdrawalThreshold: '出金承認しきい値',
      thresholdChange: 'しきい値変更',
      roleGrant: 'ロール付与',
      exportBatch: 'エクスポート',
      exportBatchFile: 'エクスポートファイル',
      export: 'エクスポート',
    },
    network: 'サーバーエラー！',
    unreachable:
      'サーバーエラー！サーバーに接続できませんでした。接続を確認して、もう一度お試しください。',
    generic: 'エラー: {{message}}',
    // Refused recipients of a send (extensions.reason; texts shared with the API).
    mail: MAIL_RECIPIENT_MESSAGES_JA,
  },
};

type Catalogue<T> = { [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };
/** The shape every language must fill in completely. */
export type Messages = Catalogue<typeof ja>;

type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];
/** A dotted key of the catalogue, e.g. 'nav.dashboard'; tables of keys use it so typos fail tsc. */
export type MessageKey = Paths<Messages>;

/** MUI's own component texts in this language (applied to the theme). */
export const muiJa = jaJP;
