import type { BotTexts } from './types.ts';

export const JA: BotTexts = {
  queued: {
    here: 'リクエストをキューに入れました。できあがったらここでお知らせします。',
    dm: 'リクエストをキューに入れました。できあがったらDMでお知らせします。',
  },
  place: (position) => (position === 0 ? '次の番' : `キューの${position + 1}番目`),
  youAre: (place) => `あなたは${place}です`,
  wait: (seconds) => {
    if (seconds < 60) return `約${Math.max(5, Math.ceil(seconds / 5) * 5)}秒`;
    return `約${Math.round(seconds / 60)}分`;
  },
  amount: (count, currency) => `${count} ${currency === 'credits' ? 'クレジット' : 'ハイパークレジット'}`,
  and: '、',
  free: '無料',
  cost: (price) => `費用：${price}`,
  mode: { fast: 'fastモード', relax: 'relaxモード', turbo: 'turboモード' },
  autoRelaxed: 'クレジットが足りないため、このジョブは設定どおり relax モードで無料で実行されます。',
  running: (progress) => `実行中…${progress ? ` ${Math.round(progress * 100)}%` : ''}`,
  done: '完了',
  refundBy: (timestamp) => `${timestamp}までに終わらなければ自動で返金されます。`,
  failedRefunded: '完了できなかったため返金しました。',
  cancelledRefunded: 'キャンセルされ、返金しました。',
  externalAppsOff:
    'このサーバーでは外部アプリが無効になっているため、Discordは私の返信をあなたにだけ表示します。結果もあなたにだけ表示されます。',
  notHere: (command) =>
    `/${command} はここでは使えません。サーバーのチャンネルか、私とのDMでお試しください。`,
  unknownCommand: (command) => `/${command} というコマンドはありません。/help で一覧を表示できます。`,
  ready: (mention, command, prompt) =>
    `${mention} /${command} ができあがりました${prompt ? `：**${prompt}**` : '。'}`,
  failed: (mention, command, reason) => `${mention} /${command} は失敗しました：${reason}`,
  refunded: (price) => `${price}を返金しました。`,
  generatorFailed: '生成に失敗しました。',
  wasCancelled: 'キャンセルされました。',
  card: { prompt: 'プロンプト', cost: '費用', image: (index) => `画像${index}` },
  resultButtons: {
    love: 'いいね',
    edit: '編集して再生成',
    reroll: 'もう一度',
    delete: '削除',
    vary: 'バリエーション',
    gif: 'GIF',
  },
  somethingWrong: 'こちら側で問題が発生しました。料金はかかっていません。もう一度お試しください。',
  notEnough: (cost, balance, url) =>
    `クレジットが足りません：${cost}が必要ですが、残高は${balance}です。追加はこちら：${url}`,
  buttonGone: 'このボタンはもう使えません。',
  notSomethingICanDo: 'それは私にはできません。',
  upload: {
    files: (count) => (count === 1 ? 'ファイル' : `ファイル（${count}件）`),
    hint: (types, mib) => `${types}、各${mib} MiBまで。`,
    wrongType: (file, types) => `${file} は対応していない形式です（${types}）。料金はかかっていません。`,
    tooBig: (file, mib) => `${file} は${mib} MiBを超えています。料金はかかっていません。`,
    wrongCount: (count) => `ちょうど${count}件のファイルが必要です。料金はかかっていません。`,
    notANumber: (field) => `${field} には数値を入力してください。料金はかかっていません。`,
  },
  help: {
    title: '**コマンド**',
    guides: 'ガイド',
    optional: '任意',
    noSuch: (command, url) =>
      `/${command} というコマンドはありません。/help で一覧を表示できます。ガイド：${url}`,
  },
  info: {
    mode: (lane, change) => `モード：${lane}${change ? `（${change} で変更）` : ''}`,
    spent: (fast, turbo) => `今期の使用量：fast ${fast} · turbo ${turbo}`,
    relaxJobs: (period, today) => `今期の relax ジョブ：${period}${today ? ` · ${today}` : ''}`,
    relaxToday: (today, cap) => `本日 ${today}/${cap}`,
    title: '**あなたのアカウント**',
    freePlan: (url) => `プラン：無料 · プラン一覧：${url}`,
    plan: (name, details) => `プラン：${name}${details}`,
    grants: (yearly, price) => `${yearly ? '毎年' : '毎月'}${price}が付与されます。`,
    balances: (credits, hypercredits) => `クレジット：${credits} · ハイパークレジット：${hypercredits}`,
    unlimited: '無制限',
    noJobs: '進行中のジョブ：なし。',
    jobsTitle: '**進行中のジョブ**',
    runningJob: (what, progress) => `• ${what}：実行中${progress ? ` ${Math.round(progress * 100)}%` : ''}`,
    waitingJob: (what, place) => `• ${what}：${place}`,
    more: (url) => `…ほかのジョブはスタジオで：${url}`,
    defaults: (aspect, weight, privately) =>
      `既定の設定：${aspect} · LoRAの重み ${weight} · 新しい作品は${privately ? '非公開' : '公開'}（/settings で変更）`,
    standardWeight: '標準',
  },
};
