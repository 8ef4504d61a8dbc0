package lang

// scriptPairs are frequent Chinese characters that Simplified and Traditional Chinese write
// differently, each pair Simplified then Traditional: the characters of the most frequent
// words of Chinese prose and of software documentation, chosen by hand, each checked against
// OpenCC's character tables (STCharacters.txt and TSCharacters.txt, as opencc-js 1.0.5 ships
// them, built from Unicode's Unihan kSimplifiedVariant/kTraditionalVariant): the Traditional
// character converts to the Simplified one, and the Simplified one is no Traditional form of
// any character nor converts to another. Characters one script keeps in other uses (后/後,
// 里/裡, 干/幹, 于/於, 几/幾, 台/臺, 面/麵, 发/髮) are left out, so that no character tells the
// wrong script.
const scriptPairs = "这這们們为為个個时時说說会會对對来來国國过過还還没沒样樣经經问問题題开開关關" +
	"动動现現实實长長门門间間进進种種当當点點从從无無学學应應体體与與见見将將两兩则則" +
	"边邊机機么麼认認处處数數据據务務设設户戶页頁码碼录錄载載项項择擇显顯钮鈕键鍵该該" +
	"请請让讓网網络絡库庫构構类類选選单單错錯误誤证證创創删刪帐帳账賬号號线線阅閱读讀" +
	"写寫图圖详詳细細节節编編辑輯转轉换換测測试試运運态態状狀获獲签簽标標记記变變统統" +
	"传傳输輸连連续續区區块塊级級组組织織员員权權总總结結订訂费費价價钱錢银銀买買卖賣" +
	"义義导導档檔览覽报報业業东東车車书書头頭电電话話视視频頻语語" +
	"发發备備给給调調执執参參询詢环環资資击擊条條仅僅随隨虑慮护護确確决決达達优優简簡" +
	"闭閉响響须須觉覺观觀规規链鏈异異许許论論识識计計议議讯訊访訪评評负負责責购購际際" +
	"险險队隊阶階难難离離飞飛乐樂习習产產亿億仪儀伤傷侧側储儲减減凭憑刚剛剧劇办辦劳勞" +
	"势勢医醫华華协協卫衛压壓历歷双雙听聽围圍园園场場坏壞声聲复復夹夾夺奪宝寶审審宽寬" +
	"寻尋层層属屬岁歲币幣师師带帶帮幫废廢张張弹彈归歸彻徹忆憶恶惡惯慣战戰扩擴扫掃扬揚" +
	"担擔拟擬挂掛损損摄攝断斷杂雜杀殺极極检檢气氣汇匯灵靈热熱爱愛独獨画畫疗療监監盘盤" +
	"础礎称稱积積稳穩紧緊红紅约約纯純纸紙练練终終绑綁继繼维維综綜缓緩缩縮联聯职職脑腦" +
	"虚虛补補装裝训訓讲講诉訴词詞译譯谁誰赖賴软軟远遠迟遲递遞释釋陆陸顺順预預领領额額" +
	"风風验驗驱驅"

// simplifiedOnly and traditionalOnly are the two halves of scriptPairs, by character.
var simplifiedOnly, traditionalOnly = func() (map[rune]bool, map[rune]bool) {
	s, t := map[rune]bool{}, map[rune]bool{}
	runes := []rune(scriptPairs)
	for i := 0; i+1 < len(runes); i += 2 {
		if runes[i] != runes[i+1] {
			s[runes[i]], t[runes[i+1]] = true, true
		}
	}
	return s, t
}()

// ScriptPairs returns the pairs CJK tells Chinese's two scripts by, Simplified then
// Traditional, for tests to check that no character stands in both.
func ScriptPairs() []string {
	var out []string
	runes := []rune(scriptPairs)
	for i := 0; i+1 < len(runes); i += 2 {
		if runes[i] != runes[i+1] {
			out = append(out, string(runes[i:i+2]))
		}
	}
	return out
}

// chineseScript returns "zh" when the Simplified-only characters read are scriptText or more
// and scriptShare times the Traditional-only ones, "zh-Hant" the other way round, else "":
// too few such characters, or as many of each, tell neither script.
func (t *Teller) chineseScript() string {
	switch {
	case t.simplified >= scriptText && t.simplified >= scriptShare*t.traditional:
		return "zh"
	case t.traditional >= scriptText && t.traditional >= scriptShare*t.simplified:
		return "zh-Hant"
	}
	return ""
}

// countHan counts a Han character that one of Chinese's scripts alone writes.
func (t *Teller) countHan(r rune) {
	switch {
	case simplifiedOnly[r]:
		t.simplified++
	case traditionalOnly[r]:
		t.traditional++
	}
}

// Bounds of chineseScript: the characters of one script alone that tell it, and how many times
// the other script's it needs.
const (
	scriptText  = 4
	scriptShare = 2
)
