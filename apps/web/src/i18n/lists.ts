import { enLists } from './en-lists';
import { i18n } from './index';
import { jaLists } from './ja-lists';

// The texts of the list screens load with those screens (every module that needs them
// imports this one), so the dashboard's first load does not carry them.
i18n.addResourceBundle('ja', 'translation', jaLists, true, true);
i18n.addResourceBundle('en', 'translation', enLists, true, true);
