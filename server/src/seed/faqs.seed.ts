import { REG_B_DAYS } from '../../../domain/constants.ts';
import type { Language } from '../../../domain/enums.ts';
import type { NewFaq } from '../db/schema.ts';

type Entry = { question: string; answer: string; url?: string };

const FAQS: Record<Language, Entry[]> = {
  en: [
    {
      question: 'Who can apply for a car loan?',
      answer:
        'Anyone 18 or older with a US address, a valid driver license and a Social Security number can apply. First-time buyers and applicants rebuilding credit are welcome.',
    },
    {
      question: 'Does applying affect my credit score?',
      answer: 'Submitting the application lets us review your credit. We tell you before any lender performs a hard inquiry.',
    },
    {
      question: 'How long does a decision take?',
      answer: `We tell you our decision within ${REG_B_DAYS} days of receiving your complete application. Its status is always under Loan status: in our Telegram mini app, where our bot also messages you when it changes, and on this website in the browser you applied from. Our team may also call or email you at the contacts in your application.`,
    },
    {
      question: 'Can I lease instead of buying?',
      answer: 'Yes. Leasing gives you lower monthly payments and a new car every few years; our team will compare both options with you.',
    },
    {
      question: 'What documents do I need?',
      answer:
        'Your driver license (front and back), your address history for the last two years and your income details. We may ask for pay stubs later.',
    },
    {
      question: 'Is my personal information safe?',
      answer: 'Your Social Security number, birth date and license photos are encrypted at rest and only our finance staff can see them.',
    },
  ],
  uk: [
    {
      question: 'Хто може подати заявку на автокредит?',
      answer:
        'Будь-хто від 18 років з адресою в США, чинним посвідченням водія та номером соціального страхування. Ми раді і тим, хто купує авто вперше, і тим, хто відновлює кредитну історію.',
    },
    {
      question: 'Чи вплине заявка на мій кредитний рейтинг?',
      answer:
        'Надіслана заявка дозволяє нам переглянути вашу кредитну історію. Ми попередимо вас, перш ніж кредитор зробить жорсткий запит.',
    },
    {
      question: 'Скільки часу триває розгляд?',
      answer: `Ми повідомимо рішення протягом ${REG_B_DAYS} днів після отримання повної заявки. Її статус завжди видно в розділі «Статус»: у нашому міні-застосунку в Telegram, де бот також напише вам про зміни, і на цьому сайті в браузері, з якого ви подали заявку. Наша команда також може зателефонувати чи написати вам на контакти, вказані в заявці.`,
    },
    {
      question: 'Чи можна взяти авто в лізинг замість купівлі?',
      answer: 'Так. Лізинг дає менші щомісячні платежі та нове авто кожні кілька років; наша команда порівняє з вами обидва варіанти.',
    },
    {
      question: 'Які документи потрібні?',
      answer:
        'Посвідчення водія (обидві сторони), адреси за останні два роки та відомості про дохід. Згодом ми можемо попросити довідки про зарплату.',
    },
    {
      question: 'Чи захищені мої персональні дані?',
      answer:
        'Номер соціального страхування, дата народження та фото посвідчення зберігаються зашифрованими, і бачать їх лише наші фінансові працівники.',
    },
  ],
  es: [
    {
      question: '¿Quién puede solicitar un préstamo para auto?',
      answer:
        'Cualquier persona mayor de 18 años con domicilio en EE. UU., licencia de conducir vigente y número de Seguro Social. Damos la bienvenida a compradores primerizos y a quienes están reconstruyendo su crédito.',
    },
    {
      question: '¿La solicitud afecta mi puntaje de crédito?',
      answer:
        'Al enviar la solicitud nos permite revisar su crédito. Le avisaremos antes de que un prestamista haga una consulta rigurosa.',
    },
    {
      question: '¿Cuánto tarda la decisión?',
      answer: `Le comunicamos nuestra decisión en un plazo de ${REG_B_DAYS} días después de recibir su solicitud completa. Su estado siempre aparece en «Estado»: en nuestra miniaplicación de Telegram, donde nuestro bot también le escribe cuando cambia, y en este sitio web, en el navegador desde el que presentó la solicitud. Nuestro equipo también puede llamarle o escribirle a los datos de contacto de su solicitud.`,
    },
    {
      question: '¿Puedo arrendar en lugar de comprar?',
      answer:
        'Sí. El arrendamiento ofrece pagos mensuales más bajos y un auto nuevo cada pocos años; nuestro equipo comparará ambas opciones con usted.',
    },
    {
      question: '¿Qué documentos necesito?',
      answer:
        'Su licencia de conducir (frente y reverso), su historial de domicilios de los últimos dos años y los datos de sus ingresos. Más adelante podríamos pedirle talones de pago.',
    },
    {
      question: '¿Mi información personal está segura?',
      answer:
        'Su número de Seguro Social, fecha de nacimiento y fotos de la licencia se guardan cifrados y solo nuestro personal de financiamiento puede verlos.',
    },
  ],
  ru: [
    {
      question: 'Кто может подать заявку на автокредит?',
      answer:
        'Любой человек от 18 лет с адресом в США, действующими водительскими правами и номером социального страхования. Мы рады и тем, кто покупает машину впервые, и тем, кто восстанавливает кредитную историю.',
    },
    {
      question: 'Повлияет ли заявка на мой кредитный рейтинг?',
      answer:
        'Отправленная заявка позволяет нам проверить вашу кредитную историю. Мы предупредим вас, прежде чем кредитор сделает жёсткий запрос.',
    },
    {
      question: 'Сколько времени занимает решение?',
      answer: `Мы сообщим решение в течение ${REG_B_DAYS} дней после получения полной заявки. Её статус всегда виден в разделе «Статус»: в нашем мини-приложении в Telegram, где бот также напишет вам об изменениях, и на этом сайте в браузере, из которого вы подали заявку. Наша команда также может позвонить или написать вам по контактам из заявки.`,
    },
    {
      question: 'Можно ли взять машину в лизинг вместо покупки?',
      answer: 'Да. Лизинг даёт меньшие ежемесячные платежи и новую машину раз в несколько лет; наша команда сравнит с вами оба варианта.',
    },
    {
      question: 'Какие документы нужны?',
      answer:
        'Водительские права (обе стороны), адреса за последние два года и сведения о доходе. Позже мы можем попросить справки о зарплате.',
    },
    {
      question: 'Защищены ли мои персональные данные?',
      answer:
        'Номер социального страхования, дата рождения и фото прав хранятся в зашифрованном виде, и видят их только наши финансовые сотрудники.',
    },
  ],
};

/** Demo FAQs; created_at descends with position so the list shows them in this order. */
export function generateFaqs(now: Date): NewFaq[] {
  return (Object.entries(FAQS) as Array<[Language, Entry[]]>).flatMap(([lang, entries]) =>
    entries.map((entry, index) => ({
      question: entry.question,
      answer: entry.answer,
      url: entry.url ?? null,
      lang,
      created_at: new Date(now.getTime() - index * 60_000),
    })),
  );
}
