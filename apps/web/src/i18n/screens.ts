import { enScreens } from './en-screens';
import { i18n } from './index';
import { jaScreens } from './ja-screens';

// The demo, admin-user and profile screens' texts load with those screens (like lists.ts),
// not with the dashboard's first load.
i18n.addResourceBundle('ja', 'translation', jaScreens, true, true);
i18n.addResourceBundle('en', 'translation', enScreens, true, true);
