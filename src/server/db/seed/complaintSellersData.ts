/**
 * The demo seller's staff account (README "Demo staff accounts"): a person of role 部门 answering for one live-commerce
 * shop on the complaint desk, like the demo department accounts answer for their 问政 departments.
 */
export const DEMO_SELLER_STAFF = { account: 'demo-seller', staffName: '山货直供旗舰店 客服小周', unit: '山货直供旗舰店' } as const;
