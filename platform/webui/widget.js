/* Lectern widget v1: page views, page feedback, code feedback, "Ask AI" and a search box, in an
   open shadow root; the options are data- attributes (docs/guides/widget.mdx).
   <script src="https://lectern.example.com/widget.js" data-domain="acme" data-key="lk_pub_…" defer></script>
   The server puts markdown.js in place of the include line and serves it without comment lines. */
(function () {
  "use strict";
  /* @include markdown.js */
  var me = document.currentScript;
  if (!me || window.__lecternWidget) return;
  window.__lecternWidget = true;
  var d = me.dataset, base = new URL(me.src, location.href).origin;
  var domain = d.domain || "", key = d.key || "";
  var on = function (name, def) { return d[name] === undefined ? def : d[name] !== "false"; };
  var dnt = navigator.doNotTrack === "1" || window.doNotTrack === "1";
  var pageURL = function (u) { return /^https?:/.test(u) ? u : (d.siteUrl || location.origin) + u; };
  var pathNow = function () { return d.path || location.pathname; };
  var api = function (p) { return base + "/discovery/v1/" + p + "/" + encodeURIComponent(domain) + (p === "assistant" ? "/message" : ""); };
  var anon = (function () {
    try { var a = localStorage.getItem("lectern.anon"); if (!a) { a = Math.random().toString(36).slice(2) + Date.now().toString(36); localStorage.setItem("lectern.anon", a); } return a; } catch (e) { return undefined; }
  })();

  /* ---- the widget's words in the page's language: Mintlify's docs.json languages (zh is
     Simplified Chinese, zh-Hant Traditional), each one string of the KEYS in their order ---- */
  var KEYS = ("ask askq send stop close conv sugg srcs good bad thanks nosend stopped err help contact support " +
    "search none sfail helpful yes no more thankyou codefb codeq copy copycode copied nocopy addctx askcode ctx rm cut").split(" ");
  var WORDS = {
    en: "Ask AI|Ask a question|Send|Stop|Close|Conversation|Suggested questions|Sources|Good answer|Bad answer|Thanks!|Could not send|Stopped.|Error|Still need help?|Contact support|Support|Search the docs|No results.|Search failed|Was this page helpful?|Yes|No|Tell us more|Thank you for your feedback.|Feedback on this code|What is wrong with this code?|Copy|Copy this code|Copied|Could not copy|Add to assistant|Ask about this code|Attached to your next question|Remove|Shortened to the first {n} characters",
    zh: "询问 AI|提出问题|发送|停止|关闭|对话|推荐问题|来源|回答有帮助|回答没有帮助|谢谢！|发送失败|已停止。|错误|仍需要帮助？|联系支持|支持|搜索文档|无结果。|搜索失败|此页面对您有帮助吗？|是|否|告诉我们更多|感谢您的反馈。|对此代码提供反馈|这段代码有什么问题？|复制|复制此代码|已复制|复制失败|添加到助手|询问此代码|附加到下一个问题|移除|已截取前 {n} 个字符",
    "zh-Hant": "詢問 AI|提出問題|傳送|停止|關閉|對話|建議問題|來源|回答有幫助|回答沒有幫助|謝謝！|無法傳送|已停止。|錯誤|仍需要協助？|聯絡支援|支援|搜尋文件|沒有結果。|搜尋失敗|這個頁面對您有幫助嗎？|是|否|告訴我們更多|感謝您的意見回饋。|針對此程式碼提供意見|這段程式碼有什麼問題？|複製|複製此程式碼|已複製|無法複製|加入助理|詢問此程式碼|附加到下一個問題|移除|已擷取前 {n} 個字元",
    es: "Preguntar a la IA|Haz una pregunta|Enviar|Detener|Cerrar|Conversación|Preguntas sugeridas|Fuentes|Buena respuesta|Mala respuesta|¡Gracias!|No se pudo enviar|Detenido.|Error|¿Necesitas más ayuda?|Contactar con soporte|Soporte|Buscar en la documentación|Sin resultados.|La búsqueda falló|¿Te resultó útil esta página?|Sí|No|Cuéntanos más|Gracias por tus comentarios.|Comentarios sobre este código|¿Qué falla en este código?|Copiar|Copiar este código|Copiado|No se pudo copiar|Añadir al asistente|Preguntar sobre este código|Adjunto a tu próxima pregunta|Quitar|Recortado a los primeros {n} caracteres",
    fr: "Demander à l'IA|Posez une question|Envoyer|Arrêter|Fermer|Conversation|Questions suggérées|Sources|Bonne réponse|Mauvaise réponse|Merci !|Envoi impossible|Arrêté.|Erreur|Besoin d'aide ?|Contacter le support|Support|Rechercher dans la documentation|Aucun résultat.|Échec de la recherche|Cette page vous a-t-elle été utile ?|Oui|Non|Dites-nous en plus|Merci pour votre retour.|Commentaire sur ce code|Qu'est-ce qui ne va pas dans ce code ?|Copier|Copier ce code|Copié|Copie impossible|Ajouter à l'assistant|Poser une question sur ce code|Joint à votre prochaine question|Retirer|Réduit aux {n} premiers caractères",
    ja: "AIに質問|質問を入力|送信|停止|閉じる|会話|質問の例|参照元|良い回答|悪い回答|ありがとうございます！|送信できませんでした|停止しました。|エラー|さらにサポートが必要ですか？|サポートに問い合わせる|サポート|ドキュメントを検索|結果がありません。|検索に失敗しました|このページは役に立ちましたか？|はい|いいえ|詳しく教えてください|フィードバックありがとうございます。|このコードへのフィードバック|このコードの問題点は何ですか？|コピー|このコードをコピー|コピーしました|コピーできませんでした|アシスタントに追加|このコードについて質問|次の質問に添付|削除|先頭の {n} 文字に短縮しました",
    pt: "Perguntar à IA|Faça uma pergunta|Enviar|Parar|Fechar|Conversa|Perguntas sugeridas|Fontes|Boa resposta|Má resposta|Obrigado!|Não foi possível enviar|Parado.|Erro|Ainda precisa de ajuda?|Contactar o suporte|Suporte|Pesquisar na documentação|Sem resultados.|A pesquisa falhou|Esta página foi útil?|Sim|Não|Diga-nos mais|Obrigado pelo seu feedback.|Feedback sobre este código|O que está errado neste código?|Copiar|Copiar este código|Copiado|Não foi possível copiar|Adicionar ao assistente|Perguntar sobre este código|Anexado à sua próxima pergunta|Remover|Reduzido aos primeiros {n} caracteres",
    "pt-BR": "Perguntar à IA|Faça uma pergunta|Enviar|Parar|Fechar|Conversa|Perguntas sugeridas|Fontes|Boa resposta|Resposta ruim|Obrigado!|Não foi possível enviar|Interrompido.|Erro|Ainda precisa de ajuda?|Falar com o suporte|Suporte|Buscar na documentação|Nenhum resultado.|A busca falhou|Esta página foi útil?|Sim|Não|Conte mais pra gente|Obrigado pelo seu feedback.|Feedback sobre este código|O que há de errado com este código?|Copiar|Copiar este código|Copiado|Não foi possível copiar|Adicionar ao assistente|Perguntar sobre este código|Anexado à sua próxima pergunta|Remover|Cortado nos primeiros {n} caracteres",
    de: "KI fragen|Stellen Sie eine Frage|Senden|Stopp|Schließen|Unterhaltung|Vorgeschlagene Fragen|Quellen|Gute Antwort|Schlechte Antwort|Danke!|Senden fehlgeschlagen|Gestoppt.|Fehler|Brauchen Sie weitere Hilfe?|Support kontaktieren|Support|Dokumentation durchsuchen|Keine Ergebnisse.|Suche fehlgeschlagen|War diese Seite hilfreich?|Ja|Nein|Erzählen Sie uns mehr|Danke für Ihr Feedback.|Feedback zu diesem Code|Was stimmt mit diesem Code nicht?|Kopieren|Diesen Code kopieren|Kopiert|Kopieren fehlgeschlagen|Zum Assistenten hinzufügen|Zu diesem Code fragen|An Ihre nächste Frage angehängt|Entfernen|Auf die ersten {n} Zeichen gekürzt",
    ko: "AI에게 질문|질문하기|보내기|중지|닫기|대화|추천 질문|출처|좋은 답변|나쁜 답변|감사합니다!|보내지 못했습니다|중지되었습니다.|오류|도움이 더 필요하신가요?|지원팀에 문의|지원|문서 검색|결과가 없습니다.|검색 실패|이 페이지가 도움이 되었나요?|예|아니요|자세히 알려 주세요|의견을 보내 주셔서 감사합니다.|이 코드에 대한 의견|이 코드에 어떤 문제가 있나요?|복사|이 코드 복사|복사됨|복사하지 못했습니다|어시스턴트에 추가|이 코드에 대해 질문|다음 질문에 첨부됨|제거|처음 {n}자로 줄였습니다",
    it: "Chiedi all'IA|Fai una domanda|Invia|Interrompi|Chiudi|Conversazione|Domande suggerite|Fonti|Risposta utile|Risposta non utile|Grazie!|Invio non riuscito|Interrotto.|Errore|Serve altro aiuto?|Contatta l'assistenza|Assistenza|Cerca nella documentazione|Nessun risultato.|Ricerca non riuscita|Questa pagina ti è stata utile?|Sì|No|Dicci di più|Grazie per il tuo feedback.|Feedback su questo codice|Cosa non va in questo codice?|Copia|Copia questo codice|Copiato|Copia non riuscita|Aggiungi all'assistente|Chiedi su questo codice|Allegato alla tua prossima domanda|Rimuovi|Ridotto ai primi {n} caratteri",
    ru: "Спросить ИИ|Задайте вопрос|Отправить|Остановить|Закрыть|Диалог|Примеры вопросов|Источники|Хороший ответ|Плохой ответ|Спасибо!|Не удалось отправить|Остановлено.|Ошибка|Нужна помощь?|Связаться с поддержкой|Поддержка|Поиск по документации|Ничего не найдено.|Ошибка поиска|Была ли эта страница полезной?|Да|Нет|Расскажите подробнее|Спасибо за отзыв.|Отзыв об этом коде|Что не так с этим кодом?|Копировать|Скопировать этот код|Скопировано|Не удалось скопировать|Добавить в ассистент|Спросить об этом коде|Приложено к следующему вопросу|Удалить|Сокращено до первых {n} символов",
    ro: "Întreabă AI|Pune o întrebare|Trimite|Oprește|Închide|Conversație|Întrebări sugerate|Surse|Răspuns bun|Răspuns slab|Mulțumim!|Nu s-a putut trimite|Oprit.|Eroare|Mai ai nevoie de ajutor?|Contactează asistența|Asistență|Caută în documentație|Niciun rezultat.|Căutarea a eșuat|Ți-a fost utilă această pagină?|Da|Nu|Spune-ne mai multe|Mulțumim pentru feedback.|Feedback despre acest cod|Ce nu este în regulă cu acest cod?|Copiază|Copiază acest cod|Copiat|Nu s-a putut copia|Adaugă la asistent|Întreabă despre acest cod|Atașat la următoarea întrebare|Elimină|Scurtat la primele {n} caractere",
    cs: "Zeptat se AI|Položte otázku|Odeslat|Zastavit|Zavřít|Konverzace|Navrhované otázky|Zdroje|Dobrá odpověď|Špatná odpověď|Děkujeme!|Odeslání se nezdařilo|Zastaveno.|Chyba|Potřebujete další pomoc?|Kontaktovat podporu|Podpora|Hledat v dokumentaci|Žádné výsledky.|Hledání selhalo|Byla tato stránka užitečná?|Ano|Ne|Řekněte nám více|Děkujeme za zpětnou vazbu.|Zpětná vazba k tomuto kódu|Co je na tomto kódu špatně?|Kopírovat|Kopírovat tento kód|Zkopírováno|Kopírování se nezdařilo|Přidat do asistenta|Zeptat se na tento kód|Připojeno k další otázce|Odebrat|Zkráceno na prvních {n} znaků",
    id: "Tanya AI|Ajukan pertanyaan|Kirim|Hentikan|Tutup|Percakapan|Pertanyaan yang disarankan|Sumber|Jawaban bagus|Jawaban buruk|Terima kasih!|Gagal mengirim|Dihentikan.|Kesalahan|Masih butuh bantuan?|Hubungi dukungan|Dukungan|Cari di dokumentasi|Tidak ada hasil.|Pencarian gagal|Apakah halaman ini membantu?|Ya|Tidak|Ceritakan lebih lanjut|Terima kasih atas masukan Anda.|Masukan untuk kode ini|Apa yang salah dengan kode ini?|Salin|Salin kode ini|Disalin|Gagal menyalin|Tambahkan ke asisten|Tanyakan tentang kode ini|Dilampirkan ke pertanyaan berikutnya|Hapus|Dipotong menjadi {n} karakter pertama",
    ar: "اسأل الذكاء الاصطناعي|اطرح سؤالاً|إرسال|إيقاف|إغلاق|المحادثة|أسئلة مقترحة|المصادر|إجابة جيدة|إجابة سيئة|شكرًا!|تعذّر الإرسال|تم الإيقاف.|خطأ|هل ما زلت بحاجة إلى مساعدة؟|تواصل مع الدعم|الدعم|ابحث في الوثائق|لا توجد نتائج.|فشل البحث|هل كانت هذه الصفحة مفيدة؟|نعم|لا|أخبرنا بالمزيد|شكرًا على ملاحظاتك.|ملاحظات على هذه الشيفرة|ما المشكلة في هذه الشيفرة؟|نسخ|نسخ هذه الشيفرة|تم النسخ|تعذّر النسخ|أضف إلى المساعد|اسأل عن هذه الشيفرة|مرفق بسؤالك التالي|إزالة|تم الاقتطاع إلى أول {n} حرف",
    tr: "Yapay zekâya sor|Bir soru sorun|Gönder|Durdur|Kapat|Sohbet|Önerilen sorular|Kaynaklar|İyi yanıt|Kötü yanıt|Teşekkürler!|Gönderilemedi|Durduruldu.|Hata|Hâlâ yardıma mı ihtiyacınız var?|Destekle iletişime geçin|Destek|Belgelerde ara|Sonuç yok.|Arama başarısız|Bu sayfa faydalı oldu mu?|Evet|Hayır|Daha fazlasını anlatın|Geri bildiriminiz için teşekkürler.|Bu kod hakkında geri bildirim|Bu kodda ne yanlış?|Kopyala|Bu kodu kopyala|Kopyalandı|Kopyalanamadı|Asistana ekle|Bu kod hakkında sor|Sonraki sorunuza eklendi|Kaldır|İlk {n} karaktere kısaltıldı",
    hi: "AI से पूछें|प्रश्न पूछें|भेजें|रोकें|बंद करें|बातचीत|सुझाए गए प्रश्न|स्रोत|अच्छा उत्तर|खराब उत्तर|धन्यवाद!|भेजा नहीं जा सका|रोक दिया गया।|त्रुटि|और सहायता चाहिए?|सहायता से संपर्क करें|सहायता|दस्तावेज़ खोजें|कोई परिणाम नहीं।|खोज विफल रही|क्या यह पृष्ठ उपयोगी था?|हाँ|नहीं|हमें और बताएँ|आपकी प्रतिक्रिया के लिए धन्यवाद।|इस कोड पर प्रतिक्रिया|इस कोड में क्या गलत है?|कॉपी करें|यह कोड कॉपी करें|कॉपी हो गया|कॉपी नहीं हो सका|सहायक में जोड़ें|इस कोड के बारे में पूछें|आपके अगले प्रश्न के साथ संलग्न|हटाएँ|पहले {n} वर्णों तक छोटा किया गया",
    sv: "Fråga AI|Ställ en fråga|Skicka|Stoppa|Stäng|Konversation|Föreslagna frågor|Källor|Bra svar|Dåligt svar|Tack!|Kunde inte skicka|Stoppad.|Fel|Behöver du mer hjälp?|Kontakta support|Support|Sök i dokumentationen|Inga resultat.|Sökningen misslyckades|Var den här sidan till hjälp?|Ja|Nej|Berätta mer|Tack för din feedback.|Feedback om den här koden|Vad är fel med den här koden?|Kopiera|Kopiera den här koden|Kopierad|Kunde inte kopiera|Lägg till i assistenten|Fråga om den här koden|Bifogat till din nästa fråga|Ta bort|Förkortad till de första {n} tecknen",
    no: "Spør AI|Still et spørsmål|Send|Stopp|Lukk|Samtale|Foreslåtte spørsmål|Kilder|Godt svar|Dårlig svar|Takk!|Kunne ikke sende|Stoppet.|Feil|Trenger du mer hjelp?|Kontakt kundestøtte|Kundestøtte|Søk i dokumentasjonen|Ingen resultater.|Søket mislyktes|Var denne siden nyttig?|Ja|Nei|Fortell oss mer|Takk for tilbakemeldingen.|Tilbakemelding på denne koden|Hva er galt med denne koden?|Kopier|Kopier denne koden|Kopiert|Kunne ikke kopiere|Legg til i assistenten|Spør om denne koden|Vedlagt ditt neste spørsmål|Fjern|Forkortet til de første {n} tegnene",
    da: "Spørg AI|Stil et spørgsmål|Send|Stop|Luk|Samtale|Foreslåede spørgsmål|Kilder|Godt svar|Dårligt svar|Tak!|Kunne ikke sende|Stoppet.|Fejl|Brug for mere hjælp?|Kontakt support|Support|Søg i dokumentationen|Ingen resultater.|Søgningen mislykkedes|Var denne side nyttig?|Ja|Nej|Fortæl os mere|Tak for din feedback.|Feedback på denne kode|Hvad er der galt med denne kode?|Kopiér|Kopiér denne kode|Kopieret|Kunne ikke kopiere|Føj til assistenten|Spørg om denne kode|Vedhæftet dit næste spørgsmål|Fjern|Forkortet til de første {n} tegn",
    lv: "Jautāt MI|Uzdodiet jautājumu|Sūtīt|Apturēt|Aizvērt|Saruna|Ieteiktie jautājumi|Avoti|Laba atbilde|Slikta atbilde|Paldies!|Neizdevās nosūtīt|Apturēts.|Kļūda|Vai joprojām nepieciešama palīdzība?|Sazināties ar atbalstu|Atbalsts|Meklēt dokumentācijā|Nav rezultātu.|Meklēšana neizdevās|Vai šī lapa bija noderīga?|Jā|Nē|Pastāstiet vairāk|Paldies par atsauksmi.|Atsauksme par šo kodu|Kas ir nepareizi šajā kodā?|Kopēt|Kopēt šo kodu|Nokopēts|Neizdevās nokopēt|Pievienot asistentam|Jautāt par šo kodu|Pievienots nākamajam jautājumam|Noņemt|Saīsināts līdz pirmajām {n} rakstzīmēm",
    nl: "Vraag AI|Stel een vraag|Verzenden|Stoppen|Sluiten|Gesprek|Voorgestelde vragen|Bronnen|Goed antwoord|Slecht antwoord|Bedankt!|Verzenden mislukt|Gestopt.|Fout|Nog hulp nodig?|Contact opnemen met support|Support|Zoeken in de documentatie|Geen resultaten.|Zoeken mislukt|Was deze pagina nuttig?|Ja|Nee|Vertel ons meer|Bedankt voor je feedback.|Feedback op deze code|Wat is er mis met deze code?|Kopiëren|Deze code kopiëren|Gekopieerd|Kopiëren mislukt|Toevoegen aan assistent|Vragen over deze code|Bijgevoegd bij je volgende vraag|Verwijderen|Ingekort tot de eerste {n} tekens",
    uk: "Запитати ШІ|Поставте запитання|Надіслати|Зупинити|Закрити|Розмова|Приклади запитань|Джерела|Гарна відповідь|Погана відповідь|Дякуємо!|Не вдалося надіслати|Зупинено.|Помилка|Потрібна допомога?|Звернутися до підтримки|Підтримка|Пошук у документації|Нічого не знайдено.|Помилка пошуку|Чи була ця сторінка корисною?|Так|Ні|Розкажіть докладніше|Дякуємо за відгук.|Відгук про цей код|Що не так із цим кодом?|Копіювати|Скопіювати цей код|Скопійовано|Не вдалося скопіювати|Додати до асистента|Запитати про цей код|Додано до наступного запитання|Вилучити|Скорочено до перших {n} символів",
    vi: "Hỏi AI|Đặt câu hỏi|Gửi|Dừng|Đóng|Cuộc trò chuyện|Câu hỏi gợi ý|Nguồn|Câu trả lời tốt|Câu trả lời chưa tốt|Cảm ơn!|Không gửi được|Đã dừng.|Lỗi|Vẫn cần trợ giúp?|Liên hệ hỗ trợ|Hỗ trợ|Tìm trong tài liệu|Không có kết quả.|Tìm kiếm thất bại|Trang này có hữu ích không?|Có|Không|Cho chúng tôi biết thêm|Cảm ơn phản hồi của bạn.|Phản hồi về đoạn mã này|Đoạn mã này có vấn đề gì?|Sao chép|Sao chép đoạn mã này|Đã sao chép|Không sao chép được|Thêm vào trợ lý|Hỏi về đoạn mã này|Đính kèm vào câu hỏi tiếp theo|Xóa|Đã rút gọn còn {n} ký tự đầu tiên",
    pl: "Zapytaj AI|Zadaj pytanie|Wyślij|Zatrzymaj|Zamknij|Rozmowa|Proponowane pytania|Źródła|Dobra odpowiedź|Zła odpowiedź|Dziękujemy!|Nie udało się wysłać|Zatrzymano.|Błąd|Nadal potrzebujesz pomocy?|Skontaktuj się z pomocą techniczną|Pomoc techniczna|Szukaj w dokumentacji|Brak wyników.|Wyszukiwanie nie powiodło się|Czy ta strona była pomocna?|Tak|Nie|Powiedz nam więcej|Dziękujemy za opinię.|Opinia o tym kodzie|Co jest nie tak z tym kodem?|Kopiuj|Kopiuj ten kod|Skopiowano|Nie udało się skopiować|Dodaj do asystenta|Zapytaj o ten kod|Dołączono do następnego pytania|Usuń|Skrócono do pierwszych {n} znaków",
    uz: "AIdan so'rang|Savol bering|Yuborish|To'xtatish|Yopish|Suhbat|Tavsiya etilgan savollar|Manbalar|Yaxshi javob|Yomon javob|Rahmat!|Yuborib bo'lmadi|To'xtatildi.|Xato|Yana yordam kerakmi?|Qo'llab-quvvatlash xizmatiga yozish|Qo'llab-quvvatlash|Hujjatlardan qidirish|Natija topilmadi.|Qidiruv amalga oshmadi|Bu sahifa foydali bo'ldimi?|Ha|Yo'q|Batafsilroq yozing|Fikringiz uchun rahmat.|Bu kod haqida fikr|Bu kodda nima xato?|Nusxalash|Bu kodni nusxalash|Nusxalandi|Nusxalab bo'lmadi|Yordamchiga qo'shish|Bu kod haqida so'rash|Keyingi savolingizga biriktirildi|Olib tashlash|Dastlabki {n} belgigacha qisqartirildi",
    he: "שאלו את ה-AI|שאלו שאלה|שליחה|עצירה|סגירה|שיחה|שאלות מוצעות|מקורות|תשובה טובה|תשובה לא טובה|תודה!|השליחה נכשלה|נעצר.|שגיאה|עדיין צריכים עזרה?|פנייה לתמיכה|תמיכה|חיפוש בתיעוד|אין תוצאות.|החיפוש נכשל|האם הדף הזה עזר לכם?|כן|לא|ספרו לנו עוד|תודה על המשוב.|משוב על הקוד הזה|מה לא בסדר בקוד הזה?|העתקה|העתקת הקוד הזה|הועתק|ההעתקה נכשלה|הוספה לעוזר|שאלה על הקוד הזה|מצורף לשאלה הבאה שלכם|הסרה|קוצר ל-{n} התווים הראשונים",
    ca: "Pregunta a la IA|Fes una pregunta|Envia|Atura|Tanca|Conversa|Preguntes suggerides|Fonts|Bona resposta|Mala resposta|Gràcies!|No s'ha pogut enviar|Aturat.|Error|Encara necessites ajuda?|Contacta amb el suport|Suport|Cerca a la documentació|Cap resultat.|La cerca ha fallat|T'ha estat útil aquesta pàgina?|Sí|No|Explica'ns-ne més|Gràcies pels teus comentaris.|Comentaris sobre aquest codi|Què falla en aquest codi?|Copia|Copia aquest codi|Copiat|No s'ha pogut copiar|Afegeix a l'assistent|Pregunta sobre aquest codi|Adjunt a la teva pròxima pregunta|Elimina|Retallat als primers {n} caràcters",
    fi: "Kysy tekoälyltä|Esitä kysymys|Lähetä|Pysäytä|Sulje|Keskustelu|Ehdotetut kysymykset|Lähteet|Hyvä vastaus|Huono vastaus|Kiitos!|Lähetys epäonnistui|Pysäytetty.|Virhe|Tarvitsetko lisää apua?|Ota yhteyttä tukeen|Tuki|Hae dokumentaatiosta|Ei tuloksia.|Haku epäonnistui|Oliko tästä sivusta apua?|Kyllä|Ei|Kerro lisää|Kiitos palautteestasi.|Palaute tästä koodista|Mikä tässä koodissa on vialla?|Kopioi|Kopioi tämä koodi|Kopioitu|Kopiointi epäonnistui|Lisää avustajaan|Kysy tästä koodista|Liitetty seuraavaan kysymykseesi|Poista|Lyhennetty {n} ensimmäiseen merkkiin",
    hu: "Kérdezd az AI-t|Tegyél fel egy kérdést|Küldés|Leállítás|Bezárás|Beszélgetés|Javasolt kérdések|Források|Jó válasz|Rossz válasz|Köszönjük!|Nem sikerült elküldeni|Leállítva.|Hiba|További segítségre van szükséged?|Kapcsolatfelvétel a támogatással|Támogatás|Keresés a dokumentációban|Nincs találat.|A keresés nem sikerült|Hasznos volt ez az oldal?|Igen|Nem|Mondj el többet|Köszönjük a visszajelzést.|Visszajelzés erről a kódról|Mi a hiba ezzel a kóddal?|Másolás|A kód másolása|Másolva|Nem sikerült másolni|Hozzáadás az asszisztenshez|Kérdezz erről a kódról|A következő kérdésedhez csatolva|Eltávolítás|Az első {n} karakterre rövidítve"
  };
  /* A language tag (BCP 47, or a docs.json code such as cn, jp, fr-CA) as a key of WORDS, or "". */
  function langOf(tag) {
    var t = (tag || "").toLowerCase();
    if (/^zh-(hant|tw|hk|mo)/.test(t)) return "zh-Hant";
    if (t === "pt-br") return "pt-BR";
    t = t.split(/[-_]/)[0];
    t = { cn: "zh", jp: "ja", nb: "no", nn: "no", iw: "he" }[t] || t;
    return WORDS[t] ? t : "";
  }
  /* data-lang, else the page's lang, else the path's first segment when it is a docs.json
     language code, else English; chosen again when the page changes them (a single-page app's
     language switch or link: relabel). T holds the words, W a reference to each for el(), whose
     nodes relabel() rewrites (_lang and _dir: the widget's lang and direction). */
  var uiLang, T = {}, W = {}, labels = [];
  KEYS.concat("_lang", "_dir").forEach(function (k) { W[k] = { w: k }; });
  function setLang() {
    var seg = (pathNow().split("/")[1] || "").toLowerCase();
    uiLang = langOf(d.lang) || langOf(document.documentElement.lang) ||
      (/^(en|cn|zh(-hans|-hant|-cn|-tw)?|es|fr(-ca)?|ja(-jp)?|jp|pt(-br)?|de|ko|it|ru|ro|cs|id|ar|tr|hi|sv|no|da|lv|nl|uk|vi|pl|uz|he|ca|fi|hu)$/.test(seg) && langOf(seg)) || "en";
    var ws = WORDS[uiLang].split("|");
    KEYS.forEach(function (k, i) { T[k] = ws[i]; });
    T._lang = uiLang; T._dir = /^(ar|he)$/.test(uiLang) ? "rtl" : "ltr";
  }
  setLang();
  /* the words of the nodes still shown (a thread's messages stay as they are); those a page
     took away (its code blocks) are forgotten */
  function relabel() {
    var was = uiLang;
    setLang();
    labels = labels.filter(function (x) { return x[0].isConnected || !host.isConnected; });
    if (was !== uiLang) labels.forEach(function (x) { if (x[1] === "text") x[0].textContent = T[x[2]]; else x[0].setAttribute(x[1], T[x[2]]); });
  }

  /* ---- events (sendBeacon: no headers, so the key travels in the body, JSON as text/plain) ---- */
  var tracking = !dnt && on("analytics", true);
  function beacon(events) {
    if (!tracking) return;
    var body = JSON.stringify({ key: key, anonId: anon, events: events });
    var url = api("events");
    if (!(navigator.sendBeacon && navigator.sendBeacon(url, new Blob([body], { type: "text/plain" })))) {
      fetch(url, { method: "POST", body: body, keepalive: true, headers: { "Content-Type": "text/plain" } }).catch(function () {});
    }
  }
  /* One page view per page, as Plausible's script counts them: the page load, a pushState to
     another path, back and forward (popstate). A replaceState changes the URL of the page the
     reader is on, which was counted: the next page's referrer is its new URL. Returns whether
     the path changed. */
  var lastPath = null;
  function pageView(replaced, p) {
    p = p || pathNow();
    if (p === lastPath) return false;
    var ref = lastPath === null ? document.referrer : location.origin + lastPath;
    lastPath = p;
    if (!replaced) {
      report(false); /* the page left, in the page view's beacon */
      startView(p);
      track({ type: "page_view", path: p, referrer: ref || undefined, title: document.title || undefined }, true);
    }
    return true;
  }
  /* Engagement events wait up to 2 s to share a beacon; a page view, a click that may leave the
     page and the page being hidden send what waits at once. */
  var queue = [], timer = 0;
  function flush() { clearTimeout(timer); timer = 0; if (queue.length) beacon(queue.splice(0, 100)); }
  function track(ev, now) {
    if (!tracking) return;
    ev.path = ev.path || pathNow();
    queue.push(ev);
    if (now || queue.length > 99) flush(); else if (!timer) timer = setTimeout(flush, 2000);
  }
  addEventListener("pagehide", function () { hidden(); flush(); });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") { hidden(); flush(); } else if (view && !view.at) view.at = Date.now();
  });

  /* Time on page and scroll depth, per page view, as Plausible's engagement event: the time the
     page was visible (a hidden tab's left out) and the deepest the reader scrolled (the bottom of
     the viewport, percent of the page). A page_engagement when the page is hidden (another tab,
     the window minimized, the page left or closed: visibilitychange comes before pagehide) or
     left in the app (the next page view); after a return, another only for 3 s more or a deeper
     scroll. A view's reports add up to 30 minutes at most. */
  var view = null, MAX_MS = 1800000;
  function pageHeight() {
    var b = document.body || {}, e = document.documentElement;
    return Math.max(b.scrollHeight || 0, b.offsetHeight || 0, e.scrollHeight, e.offsetHeight, e.clientHeight);
  }
  function seenTo() { var h = pageHeight(), vh = innerHeight || document.documentElement.clientHeight; return h <= vh ? h : (scrollY || 0) + vh; }
  function startView(p) { view = { path: p, ms: 0, at: document.visibilityState === "hidden" ? 0 : Date.now(), px: seenTo(), sent: -1, total: 0 }; }
  function engaged() { return view.ms + (view.at ? Date.now() - view.at : 0); }
  function hidden() { if (view) { view.ms = engaged(); view.at = 0; report(true); } }
  function report(now) {
    if (!view) return;
    var t = Math.max(0, Math.min(Math.round(engaged()), MAX_MS - view.total)), depth = Math.min(100, Math.round(view.px / Math.max(1, pageHeight()) * 100));
    if (view.sent >= depth && t < 3000) return;
    view.sent = depth; view.total += t; view.ms = 0; view.at = view.at && Date.now();
    track({ type: "page_engagement", path: view.path, engagedMs: t, scrollDepth: depth }, now);
  }
  document.addEventListener("scroll", function () { if (view) view.px = Math.max(view.px, seenTo()); }, { passive: true });
  var siteOrigin = new URL(pageURL("/")).origin, words = function (n) { return (n.textContent || "").replace(/\s+/g, " ").trim().slice(0, 200) || undefined; };
  var http = function (u) { return /^https?:\/\//i.test(u || "") ? u.slice(0, 2048) : ""; };

  /* Code copies: a copy from inside a pre (keyboard or menu), a click on a copy button of its
     block (the page's own), or the widget's Copy button. A page's button is told by what its
     code calls it (an id, class or data- attribute naming copy or the clipboard, as Mintlify's
     data-testid="copy-code-button" and .code-block-copy-button) or by its label, title or text
     in any of the widget's languages (copyRE: the stems of their words for "copy"). */
  var copyRE = /cop(y|i(?!lot))|kop[iyíē]|clipboard|másol|salin|nusxa|sao chép|复制|複製|拷贝|コピー|복사|коп[иі]|نسخ|העתק|कॉपी/i;
  function blockOf(n) { n = n && (n.nodeType === 1 ? n : n.parentElement); return n && n.closest("pre"); }
  function copied(pre) {
    var t = Date.now();
    /* one copy seen twice (a copy button that uses execCommand) counts once */
    if (pre.lecternCopied > t - 1000) return;
    pre.lecternCopied = t;
    var code = pre.querySelector("code") || pre;
    var lang = ((code.className + " " + pre.className).match(/lang(?:uage)?-([\w+#.-]+)/) || [])[1] || pre.dataset.language || pre.dataset.lang || code.dataset.language;
    track({ type: "code_copy", block: Array.prototype.indexOf.call(document.querySelectorAll("pre"), pre) + 1, lang: /^[A-Za-z0-9][\w+#.-]{0,31}$/.test(lang || "") ? lang : undefined });
  }
  document.addEventListener("copy", function () {
    var s = getSelection(), pre = s && s.rangeCount && blockOf(s.getRangeAt(0).commonAncestorContainer);
    if (pre) copied(pre);
  }, true);
  /* The pre a copy button is for: the nearest of its four parents that holds one pre. */
  function preOf(b) {
    for (var n = b.parentElement, i = 0; n && i < 4; n = n.parentElement, i++) {
      var ps = n.querySelectorAll("pre");
      if (ps.length) return ps.length === 1 ? ps[0] : null;
    }
    return null;
  }
  function said(n, code) {
    return [].map.call(n.attributes, function (a) { return /^(aria-label|title)$/.test(a.name) || code && /^(id|class|data-)/.test(a.name) ? a.name + " " + a.value : ""; }).join(" ") + " " + n.textContent;
  }
  var isCopy = function (b) { return copyRE.test(said(b, true)); };

  /* Menu actions: an element with data-lectern-action="<action>", or an item of the page's
     contextual menu (data-menu, default Mintlify's #page-context-menu), named as Mintlify names
     its options from what does not change with the page's language: the scheme and host of its
     link, and the path of one off the site (chatgpt.com, cursor://; the page's .md), its id, class, data- and aria-controls
     attributes (an option that opens Mintlify's #chat-assistant-sheet), the tools' and commands'
     names (Devin with MCP: devin-mcp; npx or add-mcp: add-mcp), and "copy" in any of the widget's
     languages; else its text as a slug. */
  var ACTIONS = [[/chatgpt|openai\.com/, "chatgpt"], [/claude/, "claude"], [/perplexity/, "perplexity"], [/grok/, "grok"], [/ai ?studio/, "aistudio"],
    [/devin desktop/, "devin-desktop"], [/devin[^]*\bmcp\b|\bmcp\b[^]*devin|connect to devin/, "devin-mcp"], [/devin/, "devin"], [/cursor/, "cursor"], [/vs ?code/, "vscode"],
    [/install command|add-mcp|\bnpx\b/, "add-mcp"], [/mcp/, "mcp"], [/pdf/, "download-pdf"], [/spec|openapi/, "download-spec"], [copyRE, "copy"], [/markdown|\.md\b/, "view"], [/assistant/, "assistant"]];
  function actionOf(n) {
    var a = n.getAttribute("data-lectern-action"), l = n.closest("a[href]") || n.querySelector("a[href]");
    var t = (said(n, true) + " " + (n.getAttribute("aria-controls") || "") + " " + (l ? l.protocol + l.host + (l.host === location.host ? "" : l.pathname) + (/\.md$/.test(l.pathname) ? " .md" : "") : "")).toLowerCase();
    if (a) return a;
    for (var i = 0; i < ACTIONS.length; i++) if (ACTIONS[i][0].test(t)) return ACTIONS[i][1];
    return "custom:" + (n.textContent || "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 56);
  }
  var ctaSel = d.cta || "#topbar-cta-button,[data-lectern-cta]";
  var menuSel = d.menu || "#page-context-menu,[aria-labelledby=page-context-menu-button]";
  function clicked(e) {
    var t = e.target;
    if (!tracking || (e.type === "auxclick" && e.button !== 1) || !t.closest || host.contains(t)) return;
    var menu = !t.closest("#page-context-menu-button") && t.closest(menuSel), item = t.closest("[role^=menuitem],button,a");
    var m = t.closest("[data-lectern-action]") || (menu && item && menu.contains(item) && item), c = t.closest(ctaSel), a = t.closest("a[href]"), b;
    if (m) {
      var act = actionOf(m);
      if (/^[a-z0-9][a-z0-9._:-]{0,63}$/.test(act)) track({ type: "menu_action", action: act }, true);
    } else if (c) {
      var link = c.closest("a[href]") || c.querySelector("a[href]");
      track({ type: "cta_click", target: http(link && link.href) || c.getAttribute("data-lectern-cta") || pathNow(), label: words(c) }, true);
    } else if (a && http(a.href) && a.origin !== location.origin && a.origin !== siteOrigin) {
      track({ type: "outbound_click", target: http(a.href), label: words(a) }, true);
    } else if ((b = t.closest("button,[role=button]")) && isCopy(b) && (b = preOf(b))) {
      copied(b);
    }
  }
  document.addEventListener("click", clicked, true);
  document.addEventListener("auxclick", clicked, true);
  /* A script's own events: dispatchEvent(new CustomEvent("lectern:event", {detail: {type: "menu_action", action: "chatgpt"}})). */
  addEventListener("lectern:event", function (e) {
    /* alone in its beacon: a bad field makes the whole beacon a 400 */
    var v = e.detail;
    if (tracking && v && /^(code_copy|cta_click|outbound_click|menu_action)$/.test(v.type)) beacon([Object.assign({ path: pathNow() }, v)]);
  });
  /* A single-page app's navigation: the history, and the page's language, direction and
     current path (Mintlify's <html data-current-path>) changing without a reload. */
  ["pushState", "replaceState"].forEach(function (m) {
    var orig = history[m];
    history[m] = function () { var r = orig.apply(this, arguments); setTimeout(onNavigate, 0, m === "replaceState", pathNow()); return r; };
  });
  addEventListener("popstate", function () { setTimeout(onNavigate, 0); });
  /* a page the back/forward cache restores is viewed again, as it would be reloaded without it */
  addEventListener("pageshow", function (e) { if (e.persisted) { lastPath = null; onNavigate(); } });
  new MutationObserver(function () { onNavigate(); }).observe(document.documentElement, { attributes: true, attributeFilter: ["lang", "dir", "data-current-path"] });
  /* (the path when the history changed: a replaceState in the same task is not this page's) */
  function onNavigate(replaced, p) { relabel(); if (pageView(replaced, p) && !replaced) resetFeedback(); codeButtons(); }

  function post(p, payload, opts) {
    return fetch(api(p), Object.assign({
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: "Bearer " + key },
      body: JSON.stringify(payload)
    }, opts || {}));
  }
  function failure(res) {
    return res.json().then(function (j) {
      /* the server's error sentence, with the details that add to it ("field: rule"), as the
         dashboard words it: a detail it already says (one without a field repeats it) is left out */
      var msg = j.error || res.statusText || "HTTP " + res.status;
      var more = (j.details || []).map(function (x) { return (x.field ? x.field + ": " : "") + x.message; })
        .filter(function (d) { return d && msg.indexOf(d) < 0; });
      return new Error(msg + (more.length ? " (" + more.join("; ") + ")" : ""));
    }, function () { return new Error("HTTP " + res.status); });
  }
  /* The site's settings (starter questions, support, docs.json's search prompt), fetched once,
     when first needed; none when they cannot be had. */
  var settings = null;
  function siteSettings() {
    settings = settings || fetch(base + "/discovery/v1/assistant/" + encodeURIComponent(domain) + "/settings", { headers: { Authorization: "Bearer " + key } })
      .then(function (res) { return res.ok ? res.json() : {}; }).catch(function () { return {}; });
    return settings;
  }
  function feedback(payload) {
    payload.path = payload.path || pathNow();
    if (anon) payload.fp = anon;
    return post("feedback", payload).then(function (res) { if (!res.ok) return failure(res).then(function (e) { throw e; }); return res.json(); });
  }

  /* ---- DOM in an open shadow root ---- */
  var host = document.createElement("div");
  host.setAttribute("data-lectern", "");
  var root = host.attachShadow({ mode: "open" });
  var theme = d.theme === "dark" || (d.theme === "auto" && matchMedia("(prefers-color-scheme: dark)").matches) ? "dark" : "light";
  var pos = d.position === "bottom-left" ? "left" : "right";
  /* Colours meet WCAG AA (4.5:1 for text) on their background in both themes: the browser tests
     run axe's color-contrast rule in the shadow root with an answer and search results shown. */
  var css = ":host{all:initial}*{box-sizing:border-box;font:14px/1.45 system-ui,sans-serif}" +
    ".w{--bg:#fff;--fg:#1a1a1a;--mu:#555;--bd:#c8c8c8;--ac:#0b5cad;--acfg:#fff;--cd:#f2f3f5;--er:#b00020;--mk:#fde68a;color:var(--fg)}" +
    ".w.dark{--bg:#1e1f22;--fg:#f0f0f0;--mu:#bbb;--bd:#5a5d63;--ac:#7dbbff;--acfg:#0b1a2a;--cd:#2b2d31;--er:#ff8a8a;--mk:#5c4300}" +
    "a{color:var(--ac)}button{cursor:pointer;border:1px solid var(--bd);background:var(--bg);color:var(--fg);border-radius:6px;padding:6px 12px}" +
    "button.p{background:var(--ac);color:var(--acfg);border-color:var(--ac)}button:focus-visible,textarea:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid var(--ac);outline-offset:2px}" +
    "button[aria-pressed=true]{background:var(--ac);color:var(--acfg)}" +
    ".bar{position:fixed;bottom:16px;" + pos + ":16px;z-index:2147483000;display:flex;flex-direction:column;gap:8px;align-items:flex-end;max-width:calc(100vw - 32px)}" +
    /* right to left, the bar's items keep to its corner side as they do left to right */
    ".w[dir=rtl] .bar{align-items:flex-start}" +
    ".card{background:var(--bg);border:1px solid var(--bd);border-radius:10px;padding:10px 12px;box-shadow:0 2px 10px rgba(0,0,0,.15);max-width:min(340px,100%)}" +
    ".row{display:flex;gap:6px;align-items:center;flex-wrap:wrap}textarea,input{width:100%;border:1px solid var(--bd);border-radius:6px;padding:6px;background:var(--bg);color:var(--fg)}" +
    "label{display:block;margin:6px 0 2px}.msg{color:var(--mu)}.err{color:var(--er)}" +
    "dialog{border:1px solid var(--bd);border-radius:12px;padding:0;width:min(600px,94vw);background:var(--bg);color:var(--fg)}dialog::backdrop{background:rgba(0,0,0,.35)}" +
    ".dh{display:flex;justify-content:space-between;align-items:center;padding:10px 14px;border-bottom:1px solid var(--bd)}h2{margin:0;font-size:16px;font-weight:600}" +
    "[role=log]{height:55vh;overflow:auto;padding:10px 14px}.q{font-weight:600;margin-top:10px}.src{margin:8px 0;display:flex;flex-wrap:wrap;align-items:center;gap:6px}.src a{border:1px solid var(--bd);border-radius:999px;padding:1px 10px;text-decoration:none}.src a:hover{text-decoration:underline}" +
    "form{padding:10px 14px;border-top:1px solid var(--bd)}.card form,form.card{border-top:0}" +
    ".a pre{background:var(--cd);padding:8px;border-radius:6px;overflow:auto;margin:6px 0}.a code{font-family:ui-monospace,monospace;font-size:13px}" +
    ".a p,.a ul,.a ol{margin:0 0 8px}.a ul,.a ol{padding-inline-start:22px}.a h3,.a h4,.a h5,.a h6{margin:10px 0 6px;font-weight:600}.a blockquote{margin:6px 0;padding:2px 0;padding-inline-start:10px;border-inline-start:3px solid var(--bd)}" +
    ".a .tw{overflow-x:auto;margin:6px 0}.a table{border-collapse:collapse}.a th,.a td{border:1px solid var(--bd);padding:3px 8px;text-align:start;vertical-align:top}.a th{background:var(--cd)}.a .r{text-align:right}.a .c{text-align:center}" +
    ".hits{list-style:none;margin:8px 0 0;padding:0;max-height:50vh;overflow:auto}.hits li{padding:6px 0;border-top:1px solid var(--bd)}.hits a{font-weight:600;text-decoration:none}.hits a:hover{text-decoration:underline}" +
    ".hits small{display:block;color:var(--mu);font-size:12px;overflow:hidden;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical}.sr{position:absolute;left:-9999px}" +
    "mark{background:var(--mk);color:var(--fg);font:inherit;font-weight:600;border-radius:2px}" +
    ".st{display:flex;flex-direction:column;align-items:flex-start;gap:6px;margin:6px 0}.st button{text-align:start}" +
    ".ctx{list-style:none;margin:0 0 6px;padding:0;display:flex;flex-direction:column;gap:4px}.ctx li{display:flex;gap:6px;align-items:center;border:1px solid var(--bd);border-radius:6px;padding:2px 2px 2px 8px;background:var(--cd)}" +
    ".ctx code,.ctx q{flex:1;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;font-family:ui-monospace,monospace;font-size:12px}.ctx q{font-family:inherit}.ctx small{font-size:12px}.ctx .x{padding:0 8px}" +
    ".sel{position:fixed;z-index:2147483000;box-shadow:0 2px 10px rgba(0,0,0,.2)}" +
    ".sup{margin:8px 0;padding:8px 10px;border:1px solid var(--bd);border-radius:8px;display:flex;flex-wrap:wrap;gap:8px;align-items:center}.sup a{font-weight:600}";
  var style = document.createElement("style");
  style.textContent = css;
  root.appendChild(style);
  /* the widget's words in their language and direction; a reader's text (a question, an
     answer, a query) takes its direction from its first letters */
  var wAttrs = function () { return { class: "w " + theme, lang: W._lang, dir: W._dir }; };
  var wrap = el("div", wAttrs());
  root.appendChild(wrap);
  var bar = el("div", { class: "bar" });
  wrap.appendChild(bar);

  function el(tag, attrs, kids) {
    var e = document.createElement(tag);
    for (var k in attrs || {}) {
      var v = attrs[k];
      if (v && v.w) { labels.push([e, k, v.w]); v = T[v.w]; }
      if (k === "text") e.textContent = v;
      else if (k.slice(0, 2) === "on") e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v);
    }
    (kids || []).forEach(function (c) { if (c) e.appendChild(c); });
    return e;
  }
  var uid = 0;
  function field(labelText, input) {
    input.id = "lw" + (++uid);
    return [el("label", { for: input.id, text: labelText }), input];
  }

  /* ---- page feedback ---- */
  var fbCard, resetFeedback = function () {};
  if (on("feedback", true)) {
    fbCard = el("div", { class: "card", role: "group", "aria-labelledby": "lwfbq" });
    bar.appendChild(fbCard);
    resetFeedback = function () {
      var choice = null;
      fbCard.textContent = "";
      var status = el("p", { class: "msg", role: "status" });
      var more = el("div", { hidden: "" });
      var yes = el("button", { type: "button", "aria-pressed": "false", text: W.yes, onclick: function () { pick(true); } });
      var no = el("button", { type: "button", "aria-pressed": "false", text: W.no, onclick: function () { pick(false); } });
      var ta = el("textarea", { rows: "3", maxlength: "2000", dir: "auto" });
      var send = el("button", { type: "button", class: "p", text: W.send, onclick: function () {
        send.disabled = true;
        var payload = { source: "contextual", helpful: choice };
        if (ta.value.trim()) payload.comment = ta.value.trim();
        feedback(payload).then(function () {
          more.hidden = true; status.className = "msg"; status.textContent = T.thankyou;
        }, function (e) { send.disabled = false; status.className = "err"; status.textContent = T.nosend + ": " + e.message; });
      } });
      function pick(v) {
        choice = v; yes.setAttribute("aria-pressed", String(v)); no.setAttribute("aria-pressed", String(!v));
        more.hidden = false; ta.focus();
      }
      field(W.more, ta).forEach(function (n) { more.appendChild(n); });
      more.appendChild(el("div", { class: "row" }, [send]));
      fbCard.appendChild(el("div", { class: "row" }, [el("span", { id: "lwfbq", text: W.helpful }), yes, no]));
      fbCard.appendChild(more);
      fbCard.appendChild(status);
    };
    resetFeedback();
  }
  var chatOn = on("chat", true), attach = function () {};
  codeButtons();

  /* ---- code blocks: under every pre > code, a Copy button when its block has no copy button
     of its own (data-copy="false": none), and "Feedback on this code" (data-feedback) ---- */
  function codeButtons() {
    document.querySelectorAll("pre > code").forEach(function (code) {
      var pre = code.parentElement, own = false, n = pre;
      for (var i = 0; i < 3 && n; i++, n = n.parentElement) {
        own = own || Array.prototype.some.call(n.querySelectorAll("button,[role=button]"), function (b) { return isCopy(b) && preOf(b) === pre; });
      }
      var copy = on("copy", true) && !own, fb = on("feedback", true), ask = chatOn && on("askCode", true);
      if (pre.dataset.lecternFb || !(copy || fb || ask)) return;
      pre.dataset.lecternFb = "1";
      var h = document.createElement("span");
      var sr = h.attachShadow({ mode: "open" });
      sr.appendChild(style.cloneNode(true));
      var status = el("span", { class: "msg", role: "status" });
      var ta = el("textarea", { rows: "2", maxlength: "2000", dir: "auto" });
      var form = el("form", { hidden: "" }, field(W.codeq, ta).concat([el("button", { type: "submit", class: "p", text: W.send })]));
      var b = el("button", { type: "button", text: W.codefb, "aria-expanded": "false", onclick: function () {
        form.hidden = !form.hidden; b.setAttribute("aria-expanded", String(!form.hidden)); if (!form.hidden) ta.focus();
      } });
      var cb = el("button", { type: "button", text: W.copy, "aria-label": W.copycode, onclick: function () {
        var t = code.textContent, done = function (m) { return function () { status.className = "msg"; status.textContent = " " + m; }; };
        (navigator.clipboard ? navigator.clipboard.writeText(t) : Promise.reject()).catch(function () {
          var r = document.createRange(), sel = getSelection();
          r.selectNodeContents(code); sel.removeAllRanges(); sel.addRange(r);
          var ok = document.execCommand("copy");
          sel.removeAllRanges();
          if (!ok) throw new Error("copy");
        }).then(function () { copied(pre); done(T.copied)(); }, done(T.nocopy));
      } });
      form.addEventListener("submit", function (e) {
        e.preventDefault();
        var lang = ((code.className.match(/language-([\w+-]+)/) || [])[1]) || pre.dataset.lang || undefined;
        var filename = pre.dataset.filename || code.dataset.filename || pre.getAttribute("title") || undefined;
        feedback({ source: "code_snippet", code: code.textContent.slice(0, 10000), lang: lang, filename: filename, comment: ta.value.trim() || undefined })
          .then(function () { form.hidden = true; status.className = "msg"; status.textContent = " " + T.thanks; }, function (e) { status.className = "err"; status.textContent = " " + T.nosend + ": " + e.message; });
      });
      /* "Ask about this code": Ask AI with the block's code attached (a code context item) */
      var ab = ask ? el("button", { type: "button", text: W.askcode, onclick: function () { attach("code", code.textContent, ab); } }) : null;
      sr.appendChild(el("div", wAttrs(), [copy ? cb : null, ab, fb ? b : null, status, fb ? form : null]));
      pre.insertAdjacentElement("afterend", h);
    });
  }

  /* ---- Ask AI ---- */
  if (chatOn) {
    var opener = el("button", { type: "button", class: "p", text: W.ask, "aria-haspopup": "dialog" });
    bar.appendChild(opener);
    var log = el("div", { role: "log", "aria-live": "polite", "aria-label": W.conv, tabindex: "0" });
    var input = el("textarea", { rows: "2", maxlength: "4000", dir: "auto" });
    var sendQ = el("button", { type: "submit", class: "p", text: W.send });
    var stop = el("button", { type: "button", text: W.stop, hidden: "" });
    var ctxBox = el("ul", { class: "ctx", role: "group", "aria-label": W.ctx, hidden: "" });
    var form = el("form", {}, [ctxBox].concat(field(W.askq, input), [el("div", { class: "row" }, [sendQ, stop])]));
    var close = el("button", { type: "button", text: W.close });
    var dlg = el("dialog", { "aria-labelledby": "lwdt", "aria-modal": "true" }, [
      el("div", { class: "dh" }, [el("h2", { id: "lwdt", text: W.ask }), close]), log, form]);
    wrap.appendChild(dlg);
    var back = null, ctrl = null, history_ = [];
    var openChat = function (from) {
      back = from;
      if (!dlg.open) { dlg.showModal(); starters(); }
      input.focus();
    };
    opener.addEventListener("click", function () { openChat(opener); });
    close.addEventListener("click", function () { dlg.close(); });
    dlg.addEventListener("close", function () { if (ctrl) ctrl.abort(); (back && back.isConnected ? back : opener).focus(); });

    /* What the reader attached (a code block, a selection of the page's text): shown above the
       question, each removable, sent as the request's context with the next question only. At
       most MAXCTX items (the oldest goes), each value cut to MAXCHARS characters (code points,
       as the assistant counts them), which the item then says. */
    var MAXCTX = 10, MAXCHARS = 20000, ctxItems = [];
    attach = function (type, value, from) {
      var v = Array.from(String(value).trim());
      if (!v.length) return;
      var item = { type: type, value: v.slice(0, MAXCHARS).join(""), path: pathNow().slice(0, 200), cut: v.length > MAXCHARS };
      ctxItems = ctxItems.filter(function (x) { return x.type !== item.type || x.value !== item.value; }).concat(item).slice(-MAXCTX);
      showCtx();
      openChat(from);
    };
    function showCtx() {
      ctxBox.textContent = "";
      ctxBox.hidden = !ctxItems.length;
      ctxItems.forEach(function (x) {
        var rm = el("button", { type: "button", class: "x", "aria-label": W.rm, text: "×", onclick: function () {
          ctxItems = ctxItems.filter(function (y) { return y !== x; });
          showCtx();
          input.focus();
        } });
        var shown = x.value.replace(/\s+/g, " ").slice(0, 120);
        ctxBox.appendChild(el("li", { class: x.type }, [
          x.type === "code" ? el("code", { dir: "ltr", text: shown }) : el("q", { dir: "auto", text: shown }),
          x.cut ? el("small", { class: "msg", text: T.cut.replace("{n}", MAXCHARS.toLocaleString(T._lang)) }) : null, rm]));
      });
    }
    dlg.addEventListener("keydown", function (e) {
      if (e.key !== "Tab") return;
      var f = Array.prototype.filter.call(dlg.querySelectorAll("button,textarea,a[href],[tabindex='0']"), function (n) { return !n.hidden && !n.disabled; });
      var first = f[0], last = f[f.length - 1], act = root.activeElement;
      if (e.shiftKey && act === first) { e.preventDefault(); last.focus(); }
      else if (!e.shiftKey && act === last) { e.preventDefault(); first.focus(); }
    });
    input.addEventListener("keydown", function (e) { if (e.key === "Enter" && !e.shiftKey) { e.preventDefault(); form.requestSubmit(); } });
    stop.addEventListener("click", function () { if (ctrl) ctrl.abort(); });
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      var q = input.value.trim();
      if (!q || ctrl) return;
      input.value = "";
      ask(q);
    });

    var thread = function () { try { return JSON.parse(sessionStorage.getItem("lectern.thread." + domain) || "null"); } catch (e) { return null; } };
    var saveThread = function (id, k) { try { sessionStorage.setItem("lectern.thread." + domain, JSON.stringify({ id: id, key: k })); } catch (e) { /* private mode */ } };

    /* Answers in Markdown (the shared renderer, inlined below by the server): site paths point at
       the docs site, links open in the page itself. */
    var render = lecternMarkdown({ heading: 3, target: "_top", href: function (u) {
      return /^\//.test(u) ? pageURL(u) : /^https?:/i.test(u) ? u : new URL(u, location.href).href;
    } });

    /* Starter questions (the site's starterQuestions, from the settings route, fetched once):
       buttons in an empty conversation with no thread; a click asks one. */
    var starterBox = null;
    function starters() {
      if (thread() || log.querySelector(".q")) return;
      siteSettings().then(function (st) {
        var qs = (st && st.starterQuestions) || [];
        if (!qs.length || starterBox || thread() || log.querySelector(".q")) return;
        starterBox = el("div", { class: "st", role: "group", "aria-label": W.sugg }, qs.slice(0, 3).map(function (q) {
          return el("button", { type: "button", text: String(q), onclick: function () { if (!ctrl) { input.focus(); ask(String(q)); } } });
        }));
        log.appendChild(starterBox);
      });
    }
    /* A declined reply's support (the finish item's): a card linking to the support page (the
       thread id in it) or the support address; Lectern sends no email itself. */
    function supportCard(sup) {
      if (!sup || !/^(https?:\/\/|mailto:)/i.test(sup.url || "")) return null;
      var mail = /^mailto:/i.test(sup.url);
      return el("p", { class: "sup", role: "group", "aria-label": W.support }, [
        el("span", { text: W.help }),
        el("a", { href: sup.url, target: "_blank", rel: "noopener", text: W.contact }),
        mail ? el("span", { class: "msg", text: sup.url.slice(7) }) : null]);
    }

    function ask(q) {
      if (starterBox) { starterBox.remove(); starterBox = null; }
      log.appendChild(el("p", { class: "q", dir: "auto", text: q }));
      var answer = el("div", { class: "a", dir: "auto" }), note = el("p", { class: "msg", role: "status" });
      var item = el("div", { class: "item" }, [answer, note]);
      log.appendChild(item);
      /* a link of the answer to a page of the site (the text's or the link row's): a source opened */
      item.addEventListener("click", function (e) {
        var a = e.target.closest("a[href]");
        if (a && threadId && a.origin === siteOrigin) track({ type: "source_click", path: a.pathname, threadId: threadId }, true);
      });
      history_.push({ id: "u" + Date.now(), role: "user", content: q, createdAt: new Date().toISOString() });
      var body = { id: "w" + Date.now(), messages: history_.slice(-1) };
      var t = thread();
      if (t) { body.threadId = t.id; body.threadKey = t.key; }
      body.fp = anon || "anonymous"; /* the assistant requires fp; without localStorage the reader is anonymous */
      body.currentPath = pathNow().slice(0, 200); /* answers come in this page's language and version */
      if (ctxItems.length) {
        body.context = ctxItems.map(function (x) { return { type: x.type, value: x.value, path: x.path }; });
        ctxItems = [];
        showCtx();
      }
      ctrl = new AbortController();
      sendQ.disabled = true; stop.hidden = false;
      var threadId = t && t.id, text = "", end = null;
      post("assistant", body, { signal: ctrl.signal }).then(function (res) {
        if (!res.ok) return failure(res).then(function (e) { if (res.status === 404 && t) saveThread(null, null); throw e; });
        var id = res.headers.get("X-Thread-Id"), k = res.headers.get("X-Thread-Key");
        if (id && k) saveThread(id, k);
        threadId = id || threadId;
        var rd = res.body.getReader(), dec = new TextDecoder(), buf = "";
        function pump() {
          return rd.read().then(function (r) {
            if (r.done) return;
            buf += dec.decode(r.value, { stream: true });
            var nl;
            while ((nl = buf.indexOf("\n")) >= 0) { part(buf.slice(0, nl)); buf = buf.slice(nl + 1); }
            return pump();
          });
        }
        return pump();
      }).then(function () {
        history_.push({ id: "a" + Date.now(), role: "assistant", content: text });
        /* The finish item says whether the reply answered and which pages it cites: an answer
           lists those pages and offers a rating; "the docs do not cover this" offers neither. */
        var card = supportCard(end && end.support);
        if (card) item.insertBefore(card, note);
        if (end && end.resolution === "unanswered") return;
        var cited = (end && end.sources) || [];
        if (cited.length) {
          item.insertBefore(el("p", { class: "src" }, [el("span", { class: "msg", text: W.srcs })].concat(cited.map(function (c) {
            return el("a", { href: pageURL(c.url), target: "_top", text: c.title || c.url });
          }))), note);
        }
        if (threadId) item.insertBefore(thumbs(threadId), note);
        log.scrollTop = log.scrollHeight;
      }, function (e) {
        note.className = e.name === "AbortError" ? "msg" : "err";
        note.textContent = e.name === "AbortError" ? T.stopped : T.err + ": " + e.message;
      }).then(function () { ctrl = null; sendQ.disabled = false; stop.hidden = true; input.focus(); });

      function part(line) {
        var i = line.indexOf(":");
        if (i < 1) return;
        var code = line.slice(0, i), v;
        try { v = JSON.parse(line.slice(i + 1)); } catch (e) { return; }
        if (code === "0") { text += v; render(answer, text); log.scrollTop = log.scrollHeight; }
        else if (code === "3") throw new Error(v);
        else if (code === "8" && Array.isArray(v)) v.forEach(function (x) { if (x && x.type === "finish") end = x; });
      }
    }
    function thumbs(threadId) {
      var msg = el("span", { class: "msg", role: "status" });
      var rate = function (helpful) {
        return function () {
          up.disabled = down.disabled = true;
          feedback({ source: "thumbs_only", helpful: helpful, threadId: threadId })
            .then(function () { msg.textContent = " " + T.thanks; }, function (e) { msg.className = "err"; msg.textContent = " " + T.nosend + ": " + e.message; });
        };
      };
      var up = el("button", { type: "button", text: W.good, onclick: rate(true) });
      var down = el("button", { type: "button", text: W.bad, onclick: rate(false) });
      return el("div", { class: "row" }, [up, down, msg]);
    }
  }

  /* ---- "Add to assistant": text selected in the page's content (data-content, default its
     main or article; code blocks have their own control) shows a button near the selection's
     end; it attaches the selection (a textSelection context item) and opens Ask AI. The button's
     host ends the selection's block, so Tab from the selection reaches it; Escape hides it. */
  if (chatOn && on("askSelection", true)) {
    var selHost = document.createElement("span"), selSR = selHost.attachShadow({ mode: "open" }), selText = "";
    selHost.setAttribute("data-lectern-selection", "");
    selSR.appendChild(style.cloneNode(true));
    var selBtn = el("button", { type: "button", class: "p sel", onmousedown: function (e) { e.preventDefault(); }, onclick: function () {
      var t = selText;
      hideSel();
      getSelection().removeAllRanges();
      attach("textSelection", t, opener);
    } });
    selSR.appendChild(el("div", wAttrs(), [selBtn]));
    var hideSel = function () { selText = ""; selBtn.hidden = true; };
    hideSel();
    var contentSel = d.content || "main,article,[role=main]";
    var placeSel = function () {
      var sel = getSelection(), r = sel && sel.rangeCount && !sel.isCollapsed && sel.getRangeAt(0);
      var n = r && r.commonAncestorContainer, elt = n && (n.nodeType === 1 ? n : n.parentElement);
      var box = elt && (elt.closest(contentSel) || (!document.querySelector(contentSel) && document.body));
      var t = r && sel.toString().trim();
      if (!t || !box || elt.closest("pre,[data-lectern],[data-lectern-selection],input,textarea,[contenteditable]")) {
        if (selHost.shadowRoot.activeElement !== selBtn) hideSel();
        return;
      }
      selText = t;
      /* a selection ending at the start of a node (a triple click's: the next block's) ends before it */
      var end = r.endOffset === 0 && r.endContainer !== r.startContainer ? r.startContainer : r.endContainer, blk = (end.nodeType === 1 ? end : end.parentElement).closest("p,li,td,th,dt,dd,h1,h2,h3,h4,h5,h6,blockquote,figcaption") || elt;
      if (!box.contains(blk)) blk = box;
      if (blk.lastChild !== selHost) blk.appendChild(selHost);
      var rs = Array.prototype.filter.call(r.getClientRects(), function (x) { return x.width > 0; }), last = rs[rs.length - 1] || r.getBoundingClientRect();
      /* (its words set here: the page may take its host away, and relabel() forgets such nodes) */
      selBtn.textContent = T.addctx;
      selBtn.parentNode.lang = T._lang; selBtn.parentNode.dir = T._dir;
      selBtn.hidden = false;
      selBtn.style.top = Math.min(innerHeight - 40, Math.max(4, last.bottom + 6)) + "px";
      selBtn.style.left = Math.min(innerWidth - selBtn.offsetWidth - 8, Math.max(4, last.right - selBtn.offsetWidth / 2)) + "px";
    };
    document.addEventListener("selectionchange", placeSel);
    addEventListener("scroll", function () { if (!selBtn.hidden) placeSel(); }, { passive: true });
    document.addEventListener("keydown", function (e) { if (e.key === "Escape" && !selBtn.hidden) hideSel(); });
  }

  /* ---- optional search box: data-search-results results (default 6, as Mintlify's search bar) ---- */
  if (on("search", false)) {
    var pageSize = Math.min(50, Math.max(1, parseInt(d.searchResults, 10) || 6));
    var sq = el("input", { type: "search", dir: "auto" });
    /* docs.json's search.prompt is the empty box's placeholder, as on Mintlify's search bar */
    siteSettings().then(function (st) { if (st && typeof st.searchPrompt === "string") sq.placeholder = st.searchPrompt; });
    var results = el("ul", { class: "hits", "aria-live": "polite" });
    var sform = el("form", { role: "search", class: "card" }, field(W.search, sq).concat([results]));
    bar.insertBefore(sform, bar.firstChild);
    /* Opening the box is reported once per open (search_open, the search funnel's first stage):
       focus coming into the form from outside opens it, focus leaving the form closes it; moving
       between the box and its results is neither. */
    var searchOpen = false;
    sform.addEventListener("focusin", function () { if (!searchOpen) { searchOpen = true; track({ type: "search_open" }); } });
    sform.addEventListener("focusout", function (e) { if (!sform.contains(e.relatedTarget)) searchOpen = false; });
    sform.addEventListener("submit", function (e) {
      e.preventDefault();
      var q = sq.value.trim();
      if (!q) return;
      /* with analytics on, the reader's anonId: the search event joins the reader's session (the search funnel) */
      post("search", { query: q, pageSize: pageSize, currentPath: pathNow().slice(0, 200), anonId: tracking ? anon : undefined }).then(function (res) {
        if (!res.ok) return failure(res).then(function (e) { throw e; });
        return res.json();
      }).then(function (hits) {
        results.textContent = "";
        /* the search route records the search event itself; the widget reports clicks, each
           after the first on these results marked repeat: the searches export's ctr (Mintlify's)
           is the share of searches clicked through, one search however many results it opened */
        var clicked = false;
        hits.forEach(function (h, i) {
          var m = h.metadata || {}, where = (m.breadcrumbs || []).concat(m.section ? [m.section] : []).join(" › ");
          var a = el("a", { href: pageURL(m.url || h.path), target: "_top", text: m.title || h.path, onclick: function () {
            var ev = { type: "search_click", query: q, path: h.path, position: i + 1 };
            if (clicked) ev.repeat = true;
            clicked = true;
            track(ev, true);
          } });
          /* the line around the first match, its matched words marked (offsets in UTF-16 units, as
             JavaScript counts), as text nodes; Markdown's backticks left out */
          var sn = m.snippet || "", at = 0, line = el("small"), bare = function (a, b) { return sn.slice(a, b).replace(/`/g, ""); };
          (m.snippetMatches || []).forEach(function (x) {
            if (x.start < at || x.end > sn.length || x.end <= x.start) return;
            line.append(bare(at, x.start), el("mark", { text: bare(x.start, x.end) }));
            at = x.end;
          });
          line.append(bare(at));
          results.appendChild(el("li", {}, [a, where ? el("small", { text: where }) : null, sn ? line : null]));
        });
        if (!hits.length) results.appendChild(el("li", { class: "msg", text: W.none }));
      }, function (e) { results.textContent = ""; results.appendChild(el("li", { class: "err", text: T.sfail + ": " + e.message })); });
    });
  }

  var mount = function () { document.body.appendChild(host); pageView(); };
  if (document.body) mount(); else document.addEventListener("DOMContentLoaded", mount);
})();
