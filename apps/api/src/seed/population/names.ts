/** Name pools for realistic Japanese and English users (romaji for handles, kanji for display). */

/** Japanese family names: [romaji, kanji]. */
export const JA_FAMILY: ReadonlyArray<readonly [string, string]> = [
  ['Sato', '佐藤'], ['Suzuki', '鈴木'], ['Takahashi', '高橋'], ['Tanaka', '田中'], ['Watanabe', '渡辺'],
  ['Ito', '伊藤'], ['Yamamoto', '山本'], ['Nakamura', '中村'], ['Kobayashi', '小林'], ['Kato', '加藤'],
  ['Yoshida', '吉田'], ['Yamada', '山田'], ['Sasaki', '佐々木'], ['Yamaguchi', '山口'], ['Matsumoto', '松本'],
  ['Inoue', '井上'], ['Kimura', '木村'], ['Hayashi', '林'], ['Shimizu', '清水'], ['Yamazaki', '山崎'],
  ['Mori', '森'], ['Abe', '阿部'], ['Ikeda', '池田'], ['Hashimoto', '橋本'], ['Yamashita', '山下'],
  ['Ishikawa', '石川'], ['Nakajima', '中島'], ['Maeda', '前田'], ['Fujita', '藤田'], ['Ogawa', '小川'],
  ['Goto', '後藤'], ['Okada', '岡田'], ['Hasegawa', '長谷川'], ['Murakami', '村上'], ['Kondo', '近藤'],
  ['Ishii', '石井'], ['Saito', '斎藤'], ['Sakamoto', '坂本'], ['Endo', '遠藤'], ['Aoki', '青木'],
  ['Fujii', '藤井'], ['Nishimura', '西村'], ['Fukuda', '福田'], ['Ota', '太田'], ['Miura', '三浦'],
  ['Okamoto', '岡本'], ['Matsuda', '松田'], ['Nakagawa', '中川'], ['Harada', '原田'], ['Ono', '小野'],
];

/** Japanese given names: [romaji, kanji]. */
export const JA_GIVEN: ReadonlyArray<readonly [string, string]> = [
  ['Haruto', '陽翔'], ['Yuto', '悠斗'], ['Sota', '颯太'], ['Yuki', '優希'], ['Hayato', '隼人'],
  ['Haruki', '春樹'], ['Ryusei', '龍生'], ['Koki', '光輝'], ['Sora', '空'], ['Riku', '陸'],
  ['Takumi', '拓海'], ['Kenta', '健太'], ['Daiki', '大輝'], ['Shota', '翔太'], ['Kaito', '海斗'],
  ['Hiroshi', '浩'], ['Takeshi', '武'], ['Makoto', '誠'], ['Kazuya', '和也'], ['Naoki', '直樹'],
  ['Yui', '結衣'], ['Aoi', '葵'], ['Hina', '陽菜'], ['Sakura', 'さくら'], ['Rin', '凛'],
  ['Mio', '美桜'], ['Yuna', '結菜'], ['Mei', '芽依'], ['Hana', '花'], ['Akari', '明里'],
  ['Misaki', '美咲'], ['Nanami', '七海'], ['Haruka', '遥'], ['Ayaka', '彩花'], ['Mai', '舞'],
  ['Kaori', '香織'], ['Yoko', '洋子'], ['Keiko', '恵子'], ['Emi', '恵美'], ['Naomi', '直美'],
];

export const EN_FIRST: readonly string[] = [
  'James', 'Mary', 'John', 'Patricia', 'Robert', 'Jennifer', 'Michael', 'Linda', 'William', 'Elizabeth',
  'David', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen',
  'Daniel', 'Emily', 'Matthew', 'Olivia', 'Anthony', 'Emma', 'Mark', 'Sophia', 'Steven', 'Amelia',
  'Paul', 'Grace', 'Andrew', 'Chloe', 'Joshua', 'Lucy', 'Kevin', 'Hannah', 'Brian', 'Zoe',
];

export const EN_LAST: readonly string[] = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Wilson', 'Anderson',
  'Taylor', 'Thomas', 'Moore', 'Jackson', 'Martin', 'Lee', 'Thompson', 'White', 'Harris', 'Clark',
  'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Hill', 'Green',
  'Adams', 'Baker', 'Nelson', 'Carter', 'Mitchell', 'Roberts', 'Turner', 'Phillips', 'Campbell', 'Evans',
];

export const EMAIL_DOMAINS: readonly string[] = ['example.com', 'example.jp', 'example.net', 'example.org'];

export const CONTACT_TITLES_JA: readonly string[] = [
  '出金がまだ届きません', '送金履歴に反映されていません', 'パスワードを再設定したい', '二段階認証が使えません',
  '紹介報酬の計算について', 'プランの満期日を確認したい', '入金アドレスを教えてください', 'メールアドレスを変更したい',
];
export const CONTACT_TITLES_EN: readonly string[] = [
  'Withdrawal not received yet', 'Remittance not shown in history', 'Cannot reset my password',
  'Two-factor authentication problem', 'Question about referral rewards', 'When does my plan mature?',
  'Where is my deposit address?', 'Please change my email address',
];

export const NOTIFICATION_TITLES: ReadonlyArray<readonly [string, string]> = [
  ['メンテナンスのお知らせ', 'Scheduled maintenance'],
  ['新プラン開始のお知らせ', 'New saving plan available'],
  ['出金手数料改定のお知らせ', 'Withdrawal fee update'],
  ['年末年始の営業について', 'Holiday support hours'],
  ['報酬配布完了のお知らせ', 'Rewards have been distributed'],
];
